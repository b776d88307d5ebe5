// Upload a record and step through it (the server replays it: the engine is the only rules authority).
import { api } from "./common.js";
import { boardDataLoader, makeStepper } from "./stepper.js";

const $ = (id) => document.getElementById(id);
$("file").addEventListener("change", async () => {
  const f = $("file").files[0];
  if (!f) return;
  $("error").hidden = true;
  let record;
  try { record = JSON.parse(await f.text()); } catch { $("error").textContent = "This file is not JSON."; $("error").hidden = false; return; }
  if (record && record.record && record.record.format) record = record.record;      // a /record response
  try {
    await api("/api/replay", { method: "POST", body: { record, step: 0 } });
  } catch (e) { $("error").textContent = e.message; $("error").hidden = false; return; }
  makeStepper($("replay"), (n) => api("/api/replay", { method: "POST", body: { record, step: n } }), boardDataLoader());
});
