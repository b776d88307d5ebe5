// Long menus grouped the way the rules group them, from the options' structured fields (contract v2), never
// their labels: by task force, by port or area, by carrier, by division or hex, else by the unit's ship type, else
// by what the options do (their verb).
const GROUP_FIELDS = ["tf", "port", "area", "zone", "carrier", "division", "base", "box", "hex", "from"];
export const LONG_MENU = 12;

const pretty = (s) => String(s).replace(/[-_]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

// the name a player reads for an id the fields hold (areas, bases, zones, carriers, units), never the raw id
export function placeName(id, view = {}, data = {}) {
  const s = String(id);
  const hit = (list) => (list || []).find((x) => x.id === s);
  return view.names?.[s] || hit(data.areas)?.name || hit(data.bases)?.name || hit(data.zones)?.name ||
    view.carriers?.[s]?.name || (view.zones || []).find?.((z) => z.id === s)?.name || (/^[A-Z]/.test(s) ? s : pretty(s));
}

function unitType(u, view, data) {
  return view.units?.[u]?.type || data.units?.[u]?.type || (data.units?.[u]?.kind || "").toUpperCase() || null;
}

// [{field, value, title, options}] with the options no group names (finish, pass, ...) first under value null;
// null when the menu is short or nothing in its fields splits it
export function groupOptions(options, view = {}, data = {}) {
  if (options.length <= LONG_MENU) return null;
  const by = (key) => {
    const m = new Map();
    for (const o of options) {
      const v = key(o);
      if (!m.has(v)) m.set(v, []);
      m.get(v).push(o);
    }
    return m;
  };
  const good = (m) => {
    const named = [...m.keys()].filter((v) => v != null);
    const covered = named.reduce((a, v) => a + m.get(v).length, 0);
    return named.length >= 2 && named.length <= Math.max(2, options.length / 2) && covered >= options.length * 0.7;
  };
  let field = null, groups = null;
  for (const f of GROUP_FIELDS) {
    const m = by((o) => (o.fields?.[f] != null ? String(o.fields[f]) : null));
    if (good(m)) { field = f; groups = m; break; }
  }
  if (!groups) {
    const m = by((o) => (o.fields?.unit != null ? unitType(o.fields.unit, view, data) : null));
    if (good(m)) { field = "type"; groups = m; }
  }
  if (!groups) {                                   // else by what the options do (launch, join the strike group, ...)
    const m = by((o) => (o.fields?.verb != null ? String(o.fields.verb) : null));
    if (good(m) && m.size <= 10) { field = "verb"; groups = m; }
  }
  if (!groups) return null;
  const out = [];
  if (groups.has(null)) out.push({ field, value: null, title: "", options: groups.get(null) });
  for (const [v, opts] of groups) if (v != null)
    out.push({ field, value: v, title: field === "type" || field === "tf" ? v : field === "box" ? `Box ${v}` : field === "verb" ? pretty(v) : placeName(v, view, data), options: opts });
  return out;
}
