const part = encodeURIComponent;

export const CHAT_PATH = '/chat';
export const chatPath = (cid?: string) => (cid ? `${CHAT_PATH}/${part(cid)}` : CHAT_PATH);

/** The cited chunk of an answer, optionally with the child chat about it. */
export const sourcePath = (cid: string, pid: string, chunk: string, childChat?: string) =>
  `${chatPath(cid)}/prompt/${part(pid)}/document/${part(chunk)}${childChat ? `/${part(childChat)}` : ''}`;

export const lifecyclePath = (cid: string, pid: string) => `/admin/chat/${part(cid)}/prompt/${part(pid)}/details`;
