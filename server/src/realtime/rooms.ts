// Socket.IO room names. A member's sockets share one room on every instance (as CHAT-3's rooms
// PREFIX-userId); a session's sockets share another, so ending the session closes exactly them.
export const memberRoom = (memberId: string) => `member-${memberId}`;
export const sessionRoom = (tokenHashHex: string) => `session-${tokenHashHex}`;
/** Every member's socket, and no visitor's: what all members hear (a resync) goes here, never to a guest. */
export const MEMBERS_ROOM = 'members';
/** A staff session's console sockets (the staff room's nudges): ending the session closes exactly them. */
export const staffSessionRoom = (tokenHashHex: string) => `staff-session-${tokenHashHex}`;
