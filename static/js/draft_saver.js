// The builder's draft on the server, saved a moment after the last edit (a stroke, its
// title, its maker's name), one save at a time: two in flight could reach the server in
// either order (the older painting stored last), and a second first save would make a second
// draft. "Saved" is shown only when the answer is for the draft as it is now, never for an
// earlier edit's save answered late. No DOM: the page hands it what to send and what to show.
import * as api from "./api.js";

const DELAY_MS = 600;

export class DraftSaver {
  // body(): the draft as it is now, or null when there is nothing to save yet;
  // saved(yes): show whether the draft on screen is on the server; created(data): the first
  // save's answer (its key and address); failed(answer): a save the server refused.
  constructor({ key, body, saved, created, failed }) {
    Object.assign(this, { key, body, saved, created, failed });
    this.edits = 0; this.saving = null; this.timer = null;
  }

  edited() {
    this.edits++;
    this.saved(false);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.save(), DELAY_MS);
  }

  forget() { this.key = null; }

  async save() {
    if (this.saving) { this.saving.again = true; return; }
    const body = this.body(this.key);
    if (!body) return;
    const edit = this.edits, job = this.saving = { again: false };
    const answer = await api.saveDraft(this.key, body);
    this.saving = null;
    if (answer.ok && !this.key) { this.key = answer.data.key; this.created(answer.data); }
    if (job.again) { this.save(); return; }
    if (!answer.ok) { this.failed(answer); return; }
    if (edit === this.edits) this.saved(true);
  }
}
