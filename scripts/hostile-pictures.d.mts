// Types of scripts/hostile-pictures.mjs for the TypeScript that uses it (the slip tests).
export function onebitPng(width: number, height: number): Buffer;
export function blankPng(width: number, height: number): Buffer;
export function stripesPng(size: number, period: number): Buffer;
export function greyJpeg(width: number, height: number): Buffer;
export function lyingJpeg(width: number, height: number): Buffer;
