/** A controllable XMLHttpRequest for uploads (shared/api/upload-file.ts): each send() is recorded; the test drives progress and the answer. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  /** The 120 s time-out elapsed. */
  timeOut() {
    this.ontimeout?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
