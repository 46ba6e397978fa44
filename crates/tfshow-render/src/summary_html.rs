//! `summary --format html`: the review summary as one self-contained page (inline CSS and
//! script, nothing loaded from anywhere, which its Content-Security-Policy enforces): counts
//! per action, a search box and action filters, each resource's attribute changes in a
//! collapsible element, drift and output changes, light and dark themes.
//!
//! The page holds what the summary holds and nothing more, so no sensitive value can be in it,
//! not even hidden. Everything from the plan is escaped with [`tfshow_escape::html::text`].
//!
//! The filters can be set from the address fragment, `#q=TEXT&only=create,update`, so that a
//! link can open the page filtered.

use std::fmt::Write as _;

use tfshow_escape::html;

use crate::attribute_changes::Shown;
use crate::summary::{OutputRow, ResourceRow, Summary};

/// The filter an action belongs to.
fn filter_key(r: &ResourceRow) -> &'static str {
    crate::summary_filter::ChangeKind::of_action(r.action).map_or("other", |k| k.name())
}

/// The filters, in the order the page lists them, with their labels.
const FILTERS: &[(&str, &str)] = &[
    ("create", "create"),
    ("update", "update"),
    ("replace", "replace"),
    ("delete", "delete"),
    ("read", "read"),
    ("forget", "forget"),
    ("other", "move or import only"),
];

const STYLE: &str = r#"
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;
--create:#1a7f37;--update:#9a6700;--delete:#cf222e;--replace:#8250df;--read:#0969da;--other:#59636e}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0d1117;--fg:#e6edf3;
--muted:#9198a1;--line:#3d444d;--panel:#151b23;--create:#3fb950;--update:#d29922;--delete:#f85149;
--replace:#ab7df8;--read:#4493f8;--other:#9198a1}}
:root[data-theme=dark]{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--panel:#151b23;
--create:#3fb950;--update:#d29922;--delete:#f85149;--replace:#ab7df8;--read:#4493f8;--other:#9198a1}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,sans-serif}
header,nav,main{max-width:72rem;margin:0 auto;padding:.5rem 1rem}
h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.15rem;border-bottom:1px solid var(--line)}
code{font:13px/1.4 ui-monospace,monospace;overflow-wrap:anywhere}
nav{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);display:flex;
flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
legend{float:left;margin-right:.5rem;font-weight:600}
input[type=search]{font:inherit;padding:.2rem .4rem;min-width:16rem;color:inherit;background:var(--panel);
border:1px solid var(--line);border-radius:4px}
button{font:inherit;color:inherit;background:var(--panel);border:1px solid var(--line);border-radius:4px}
:focus-visible{outline:2px solid var(--read);outline-offset:2px}
ul.rows{list-style:none;padding:0;margin:0}
li.row{border-bottom:1px solid var(--line);padding:.25rem 0}
summary{cursor:pointer}
.act{display:inline-block;min-width:5.5rem;font-weight:600}
.act-create{color:var(--create)}.act-update{color:var(--update)}.act-delete{color:var(--delete)}
.act-replace{color:var(--replace)}.act-read{color:var(--read)}.act-forget,.act-other{color:var(--other)}
.reason{color:var(--muted)}
table{border-collapse:collapse;margin:.5rem 0 .5rem 1.5rem}
th,td{border:1px solid var(--line);padding:.15rem .5rem;text-align:left;vertical-align:top}
th{background:var(--panel)}
.counts td:first-child{font-weight:600}
.note{color:var(--muted);font-style:italic}
"#;

const SCRIPT: &str = r#"
(function () {
  "use strict";
  var q = document.getElementById("q");
  var boxes = Array.prototype.slice.call(document.querySelectorAll("input[data-filter]"));
  var rows = Array.prototype.slice.call(document.querySelectorAll("li.row"));
  var shown = document.getElementById("shown");
  var keys = rows.map(function (r) { return r.getAttribute("data-address").toLowerCase(); });
  function apply() {
    var text = q.value.toLowerCase();
    var on = {};
    boxes.forEach(function (b) { on[b.getAttribute("data-filter")] = b.checked; });
    var n = 0;
    for (var i = 0; i < rows.length; i++) {
      var ok = on[rows[i].getAttribute("data-filter")] !== false &&
        (text === "" || keys[i].indexOf(text) >= 0);
      rows[i].hidden = !ok;
      if (ok) { n++; }
    }
    shown.textContent = String(n);
  }
  var params = new URLSearchParams(location.hash.slice(1));
  if (params.has("q")) { q.value = params.get("q"); }
  if (params.has("only")) {
    var only = params.get("only").split(",");
    boxes.forEach(function (b) { b.checked = only.indexOf(b.getAttribute("data-filter")) >= 0; });
  }
  var timer = 0;
  q.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(apply, 80); });
  boxes.forEach(function (b) { b.addEventListener("change", apply); });
  document.getElementById("theme").addEventListener("click", function () {
    var root = document.documentElement;
    var dark = root.getAttribute("data-theme") === "dark" ||
      (!root.hasAttribute("data-theme") && matchMedia("(prefers-color-scheme: dark)").matches);
    root.setAttribute("data-theme", dark ? "light" : "dark");
  });
  apply();
})();
"#;

impl Summary {
    /// The summary as one self-contained HTML page (see the module documentation).
    pub fn html(&self) -> String {
        let mut p = String::with_capacity(4096 + 512 * (self.changes.len() + self.drift.len()));
        let title = self.title();
        let _ = write!(
            p,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
             style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
             <title>{} — {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            html::text(&title),
            html::text(&self.headline())
        );
        let _ = write!(
            p,
            "<header>\n<h1>{}</h1>\n<p><strong>Plan:</strong> {}</p>\n",
            html::text(&title),
            html::text(&self.headline())
        );
        let hidden = self.hidden.notes();
        if !hidden.is_empty() {
            let _ = writeln!(
                p,
                "<p><em>Filtered: {}.</em></p>",
                html::text(&hidden.join(", "))
            );
        }
        self.counts_table(&mut p);
        p.push_str("</header>\n");
        self.filters(&mut p);
        p.push_str("<main>\n");
        if self.is_empty() {
            p.push_str("<p>No changes. The infrastructure matches the configuration.</p>\n");
        }
        section(&mut p, "changes", "Resource changes", &self.changes);
        let heading = format!("Changed outside of {}", self.program);
        section(&mut p, "drift", &heading, &self.drift);
        outputs(&mut p, &self.outputs);
        let _ = write!(p, "</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n");
        p
    }

    fn counts_table(&self, p: &mut String) {
        let mut n = std::collections::BTreeMap::<&str, usize>::new();
        for r in self.changes.iter() {
            *n.entry(filter_key(r)).or_insert(0) += 1;
        }
        p.push_str(
            "<table class=\"counts\">\n<caption>Resources per action</caption>\n\
             <thead><tr><th scope=\"col\">Action</th><th scope=\"col\">Resources</th></tr></thead>\n<tbody>\n",
        );
        for (key, label) in FILTERS {
            if let Some(count) = n.get(key) {
                let _ = writeln!(
                    p,
                    "<tr><td class=\"act-{key}\">{label}</td><td>{count}</td></tr>"
                );
            }
        }
        p.push_str("</tbody>\n</table>\n");
    }

    fn filters(&self, p: &mut String) {
        let total = self.changes.len() + self.drift.len();
        let _ = write!(
            p,
            "<nav aria-label=\"Filters\">\n<label for=\"q\">Search addresses</label>\n\
             <input id=\"q\" type=\"search\" autocomplete=\"off\">\n\
             <fieldset>\n<legend>Actions</legend>\n"
        );
        for (key, label) in FILTERS {
            let _ = writeln!(
                p,
                "<label><input type=\"checkbox\" data-filter=\"{key}\" checked> {label}</label>"
            );
        }
        let _ = write!(
            p,
            "</fieldset>\n<span role=\"status\"><span id=\"shown\">{total}</span> of {total} resources shown</span>\n\
             <button id=\"theme\" type=\"button\">Switch theme</button>\n</nav>\n"
        );
    }
}

/// A section of resource rows.
fn section(p: &mut String, id: &str, heading: &str, rows: &[ResourceRow]) {
    if rows.is_empty() {
        return;
    }
    let _ = write!(
        p,
        "<section aria-labelledby=\"{id}-h\">\n<h2 id=\"{id}-h\">{heading} ({})</h2>\n<ul class=\"rows\">\n",
        rows.len()
    );
    for r in rows {
        let key = filter_key(r);
        let address = html::text(&r.address);
        let mut head = format!(
            "<span class=\"act act-{key}\">{}</span> <code>{address}</code>",
            html::text(&r.action_text())
        );
        if !r.reason.is_empty() {
            let _ = write!(
                head,
                " <span class=\"reason\">{}</span>",
                html::text(&r.reason.text())
            );
        }
        let _ = write!(
            p,
            "<li class=\"row\" data-filter=\"{key}\" data-address=\"{address}\">"
        );
        if r.attributes.is_empty() {
            let _ = writeln!(p, "{head}</li>");
            continue;
        }
        let _ = write!(
            p,
            "<details><summary>{head}</summary>\n<table>\n<caption>Attribute changes of <code>{address}</code></caption>\n\
             <thead><tr><th scope=\"col\">Attribute</th><th scope=\"col\">Before</th><th scope=\"col\">After</th></tr></thead>\n<tbody>\n"
        );
        for a in &r.attributes {
            let _ = writeln!(
                p,
                "<tr><th scope=\"row\"><code>{}</code></th><td>{}</td><td>{}</td></tr>",
                html::text(&a.name),
                side(&a.before),
                side(&a.after)
            );
        }
        p.push_str("</tbody>\n</table>\n</details></li>\n");
    }
    p.push_str("</ul>\n</section>\n");
}

/// One side of an attribute change: a value as code, a phrase in italics.
fn side(s: &Shown) -> String {
    match s {
        Shown::Value(v) => format!("<code>{}</code>", html::text(v)),
        other => format!("<em>{}</em>", html::text(other.text())),
    }
}

fn outputs(p: &mut String, outputs: &[OutputRow]) {
    if outputs.is_empty() {
        return;
    }
    let _ = write!(
        p,
        "<section aria-labelledby=\"outputs-h\">\n<h2 id=\"outputs-h\">Output changes ({})</h2>\n\
         <table>\n<thead><tr><th scope=\"col\">Output</th><th scope=\"col\">Action</th></tr></thead>\n<tbody>\n",
        outputs.len()
    );
    for o in outputs {
        let s = if o.sensitive { " (sensitive)" } else { "" };
        let _ = writeln!(
            p,
            "<tr><td><code>{}</code></td><td>{}{s}</td></tr>",
            html::text(&o.name),
            o.action.name()
        );
    }
    p.push_str("</tbody>\n</table>\n</section>\n");
}
