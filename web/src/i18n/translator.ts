// A small translator with the slice of i18next Krapao uses: nested keys, {{name}} interpolation,
// one bundle per language loaded on demand, and change notifications for React. It replaced i18next
// and react-i18next to keep /login within its 200 KB budget (docs/decisions.md).
type Bundle = Record<string, unknown>;
type Listener = () => void;

export class Translator {
  language = '';
  isInitialized = false;
  private bundles = new Map<string, Bundle>();
  private listeners = new Set<Listener>();
  /** Keys looked up in the current language and missing: only their arrival needs a new render. */
  private missed = new Set<string>();

  hasResourceBundle(lng: string): boolean {
    return this.bundles.has(lng);
  }

  /**
   * Sets a language's texts. A bundle that only adds texts nobody has asked for yet (the next part of
   * the current language, another language) changes nothing on screen: React is told only when a key
   * that was missing has arrived. Re-rendering every translated component for it was a long task on a
   * phone, just after a member's first screen (issue 22).
   */
  addResourceBundle(lng: string, bundle: Bundle): void {
    this.bundles.set(lng, bundle);
    if (lng !== this.language) return;
    const arrived = [...this.missed].filter((key) => typeof this.lookup(key) === 'string');
    if (arrived.length === 0) return;
    for (const key of arrived) this.missed.delete(key);
    this.emit();
  }

  async changeLanguage(lng: string): Promise<void> {
    this.isInitialized = true;
    if (this.language === lng) return;
    this.language = lng;
    this.missed.clear();
    this.emit();
  }

  exists(key: string): boolean {
    if (typeof this.lookup(key) === 'string') return true;
    this.missed.add(key);
    return false;
  }

  /** The text of key in the current language with {{name}} filled in; the key itself when missing. */
  t = (key: string, vars?: Record<string, unknown>): string => {
    const text = this.lookup(key);
    if (typeof text !== 'string') {
      this.missed.add(key);
      return key;
    }
    return vars
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
      : text;
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever what t() answers may change; React re-renders on it. */
  version = 0;

  private lookup(key: string): unknown {
    let node: unknown = this.bundles.get(this.language);
    for (const part of key.split('.')) {
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Bundle)[part];
    }
    return node;
  }

  private emit() {
    this.version++;
    this.listeners.forEach((l) => l());
  }
}
