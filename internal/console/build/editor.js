// The playground's editors, bundled by `go run ./internal/console/build`
// into ../static/editor.js. It turns every <textarea data-editor> into a
// CodeMirror 6 editor (kept in sync with the textarea, so the form still
// posts it), and, on the playground, renders a preview through the console's
// /console/preview as you type: html at once, pdf and png debounced or on
// demand. Errors come back with their line and are shown under that line.

import { EditorView, keymap, lineNumbers, highlightActiveLine, Decoration, ViewPlugin, MatchDecorator, WidgetType } from "@codemirror/view";
import { EditorState, StateField, StateEffect } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting, HighlightStyle, bracketMatching } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { html } from "@codemirror/lang-html";
import { json } from "@codemirror/lang-json";

// Handlebars expressions ({{x}}, {{{x}}}, {{#each}}, {{/each}}) are marked
// over the HTML highlighting.
const handlebarsMarks = new MatchDecorator({
  regexp: /\{\{\{?[^}]*\}?\}\}/g,
  decoration: () => Decoration.mark({ class: "cm-hbs" }),
});
const handlebars = ViewPlugin.define((view) => ({
  decorations: handlebarsMarks.createDeco(view),
  update(u) { this.decorations = handlebarsMarks.updateDeco(u, this.decorations); },
}), { decorations: (v) => v.decorations });

// An error at a line: the line marked and the message as a block under it.
const setError = StateEffect.define();

class ErrorWidget extends WidgetType {
  constructor(message) { super(); this.message = message; }
  eq(other) { return other.message === this.message; }
  toDOM() {
    const d = document.createElement("div");
    d.className = "cm-error-message";
    d.setAttribute("role", "alert");
    d.textContent = this.message;
    return d;
  }
}

const errorField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setError)) continue;
      if (e.value === null) return Decoration.none;
      const n = Math.min(Math.max(e.value.line, 1), tr.state.doc.lines);
      const line = tr.state.doc.line(n);
      deco = Decoration.set([
        Decoration.line({ class: "cm-error-line" }).range(line.from),
        Decoration.widget({ widget: new ErrorWidget(e.value.message), block: true, side: 1 }).range(line.to),
      ]);
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// Colors chosen for contrast (axe-core checks the editor as any text).
const theme = EditorView.theme({
  "&": { border: "1px solid #767676", borderRadius: "4px", backgroundColor: "#fff", color: "#1a1a1a" },
  "&.cm-focused": { outline: "3px solid #1a5fb4", outlineOffset: "1px" },
  ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: "14px", minHeight: "12rem", maxHeight: "32rem" },
  ".cm-gutters": { backgroundColor: "#f2f2f2", color: "#4d4d4d", borderRight: "1px solid #cccccc" },
  ".cm-activeLine": { backgroundColor: "#eef4fb" },
  ".cm-hbs": { color: "#7a2e00", fontWeight: "600" },
  ".cm-error-line": { backgroundColor: "#fde7e7" },
  ".cm-error-message": { backgroundColor: "#fde7e7", color: "#8b0000", padding: "2px 8px", borderLeft: "4px solid #b00020", fontFamily: "system-ui, sans-serif" },
});

// Each editor lives in a shadow root of its own: CodeMirror's styles then
// go into a constructed style sheet there (adoptedStyleSheets) rather than
// an inline <style>, which the console's CSP (default-src 'self') refuses.
// Syntax colors of 6:1 contrast or more on the editor's backgrounds
// (CodeMirror's default style has a few under axe-core's 4.5:1).
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.bool, tags.null, tags.atom], color: "#6f1a8c" },
  { tag: [tags.tagName, tags.heading], color: "#0f5223", fontWeight: "600" },
  { tag: [tags.attributeName, tags.propertyName, tags.definition(tags.propertyName)], color: "#0b3d91" },
  { tag: [tags.string, tags.attributeValue, tags.special(tags.string), tags.regexp], color: "#8b0000" },
  { tag: [tags.number, tags.unit], color: "#7a2e00" },
  { tag: [tags.comment, tags.meta], color: "#555555", fontStyle: "italic" },
  { tag: [tags.angleBracket, tags.punctuation, tags.bracket, tags.operator], color: "#4d4d4d" },
  { tag: [tags.variableName, tags.className, tags.typeName], color: "#1a1a1a" },
  { tag: tags.invalid, color: "#b00020" },
]);

function makeEditor(textarea) {
  const kind = textarea.dataset.editor;
  const label = document.querySelector(`label[for="${textarea.id}"]`);
  const host = document.createElement("div");
  host.id = textarea.id + "-editor";
  host.className = "editor-host";
  const shadow = host.attachShadow({ mode: "open" });
  const view = new EditorView({
    root: shadow,
    parent: shadow,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(), history(), highlightActiveLine(), bracketMatching(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        syntaxHighlighting(highlight),
        kind === "json" ? json() : [html(), handlebars],
        errorField, theme,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": label ? label.textContent.trim() : kind, "aria-multiline": "true" }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          textarea.value = u.state.doc.toString();
          textarea.dispatchEvent(new Event("input", { bubbles: true }));
        }),
      ],
    }),
  });
  textarea.hidden = true;
  textarea.after(host);
  if (label) label.addEventListener("click", () => view.focus());
  textarea.editorView = view;
  return view;
}

function showError(view, line, message) {
  view.dispatch({ effects: setError.of(line ? { line, message } : null) });
}

// The Page panel's fields, sent with each preview as the form posts them
// (name → values; a box only when ticked), so that the server reads a
// preview's options and a save's alike, over the template's own options.
function pageOptions(form) {
  const o = {};
  for (const el of form.querySelectorAll("#page-options [name]")) {
    if (el.type === "checkbox" && !el.checked) continue;
    (o[el.name] = o[el.name] || []).push(el.value);
  }
  return o;
}

// The panel's fields a draft keeps: what is typed or chosen, not the
// boxes, never a password, nor the template's options it came with.
function optionFieldIDs(form) {
  return [...form.querySelectorAll("#page-options input[id], #page-options select[id], #page-options textarea[id]")]
    .filter((el) => el.type !== "checkbox" && el.type !== "password" && el.type !== "hidden")
    .map((el) => el.id);
}

// The preview's format: the author's last choice, kept in this browser's
// localStorage (the format's name only, nothing else), pdf until then.
const formatKey = "paprika-preview-format";

function rememberedFormat(format) {
  let last = null;
  try { last = localStorage.getItem(formatKey); } catch (e) { last = null; }
  if (last && [...format.options].some((o) => o.value === last)) format.value = last;
  format.addEventListener("change", () => {
    try { localStorage.setItem(formatKey, format.value); } catch (e) { /* storage off: pdf next time */ }
  });
}

// The standards' boxes: ticking one PDF/A part unticks the other.
function standardBoxes(form, changed) {
  const boxes = [...form.querySelectorAll('input[name="opt-standard"]')];
  for (const box of boxes) {
    box.addEventListener("change", () => {
      if (box.checked && "archival" in box.dataset) {
        for (const other of boxes) if (other !== box && "archival" in other.dataset) other.checked = false;
      }
      changed();
    });
  }
}

// The draft: what the tab has typed, kept in its sessionStorage under the
// template and the version the edit started from, so that an edit outlives
// an ended session (sign in again in this tab and it is put back). Saving
// clears it once the save has landed (the page after it says ?ok=).

function setField(form, id, value) {
  const el = form.querySelector("#" + id);
  if (!el || el.value === value) return false;
  if (el.editorView) {
    const v = el.editorView;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  } else {
    el.value = value;
  }
  return true;
}

function drafts(form) {
  const draftFields = ["content", "data", "name", "id", ...optionFieldIDs(form)];
  const key = "paprika-draft:" + form.dataset.draft;
  const box = document.getElementById("draft-status");
  const text = document.getElementById("draft-text");
  const ok = new URLSearchParams(location.search).get("ok");
  if (ok === "saved" || ok === "created" || ok === "restored") {
    // The save landed: the drafts it came from are stored now.
    const id = form.dataset.draft.split("@")[0];
    for (const k of Object.keys(sessionStorage)) {
      if (k === "paprika-draft:new" || k.startsWith("paprika-draft:" + id + "@")) sessionStorage.removeItem(k);
    }
  }
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { saved = null; }
  let restoring = false;
  if (saved && saved.fields) {
    restoring = true;
    let changed = false;
    for (const id of draftFields) {
      if (typeof saved.fields[id] === "string" && setField(form, id, saved.fields[id])) changed = true;
    }
    restoring = false;
    if (changed) {
      const at = new Date(saved.at);
      text.textContent = `Your unsaved edit (last typed at ${at.toLocaleTimeString()}) is back: it is not saved yet.`;
      box.hidden = false;
    } else {
      sessionStorage.removeItem(key);
    }
  }
  document.getElementById("draft-discard").addEventListener("click", () => {
    sessionStorage.removeItem(key);
    location.reload();
  });
  let timer = null;
  const keep = () => {
    if (restoring) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const fields = {};
      for (const id of draftFields) {
        const el = form.querySelector("#" + id);
        if (el) fields[id] = el.value;
      }
      try {
        sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), fields }));
        form.dataset.drafted = String(Date.now()); // tests wait on it
      } catch (e) { /* storage full or off: the edit is only in the page */ }
    }, 150);
  };
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
}

function playground(form) {
  const content = form.querySelector("#content");
  const data = form.querySelector("#data");
  const format = form.querySelector("#format");
  const status = document.getElementById("preview-status");
  const frame = document.getElementById("preview-frame");
  const image = document.getElementById("preview-image");
  const link = document.getElementById("preview-link");
  const button = document.getElementById("preview-now");
  const problems = document.getElementById("preview-problems");
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  let timer = null, seq = 0;
  // The frame says which preview it shows once loaded (tests wait on it).
  frame.addEventListener("load", () => { frame.dataset.loaded = frame.src; });

  async function preview() {
    clearTimeout(timer);
    const mine = ++seq;
    status.textContent = "Rendering…";
    let answer;
    try {
      const resp = await fetch(form.dataset.preview, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ template: content.value, data: data.value, format: format.value, options: pageOptions(form) }),
        credentials: "same-origin",
      });
      if ((resp.headers.get("Content-Type") || "").startsWith("application/json")) {
        answer = await resp.json();
      } else {
        answer = { error: { where: "request", message: `The console answered ${resp.status} without a preview; reload the page (your edit is kept in this tab).` } };
      }
    } catch (e) {
      answer = { error: { where: "request", message: "The console did not answer: " + e.message } };
    }
    if (mine !== seq) return; // a newer preview is on its way
    if (answer.error) {
      // A failed preview never leaves an older document in view.
      frame.hidden = true;
      frame.removeAttribute("src");
      delete frame.dataset.loaded;
      image.hidden = true;
      image.removeAttribute("src");
      link.hidden = true;
    }
    showError(content.editorView, null);
    showError(data.editorView, null);
    problems.replaceChildren();
    problems.hidden = true;
    if (answer.error) {
      const e = answer.error;
      const view = e.where === "data" ? data.editorView : content.editorView;
      if (e.line && (e.where === "data" || e.where === "template")) showError(view, e.line, e.message);
      const what = { data: "Data error", template: "Template error", options: "Page options error", session: "Signed out" }[e.where] || "Error";
      status.textContent = what + (e.line ? ` at line ${e.line}` : "") + ": " + e.message;
      status.className = "status error";
      if (e.problems && e.problems.length) {
        // A failed PDF/UA-1 check: each problem at its element
        // ("img #1 (src=…)"), the element in code.
        status.textContent = `Accessibility check (PDF/UA-1): ${e.problems.length} problem${e.problems.length === 1 ? "" : "s"}`;
        for (const p of e.problems) {
          const li = document.createElement("li");
          const m = /^(\w+ #\d+)(.*)$/s.exec(p);
          if (m) {
            const code = document.createElement("code");
            code.textContent = m[1];
            li.append(code, m[2]);
          } else {
            li.textContent = p;
          }
          problems.append(li);
        }
        problems.hidden = false;
      }
      if (e.where === "session") {
        const a = document.createElement("a");
        a.id = "preview-sign-in";
        a.href = "/console/signin?ended=1&next=" + encodeURIComponent(location.pathname + location.search);
        a.textContent = "Sign in again";
        status.append(" ", a);
      }
      return;
    }
    status.className = "status ok";
    status.textContent = `${answer.format.toUpperCase()} rendered in ${answer.seconds} s, ${answer.bytes} bytes` +
      (answer.pages ? `, ${answer.pages} page${answer.pages === 1 ? "" : "s"}` : "");
    link.href = answer.url;
    link.hidden = false;
    if (answer.format === "png") {
      frame.hidden = true;
      image.src = answer.url;
      image.hidden = false;
    } else {
      image.hidden = true;
      frame.src = answer.url;
      frame.hidden = false;
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(preview, format.value === "html" ? 300 : 1200);
  }
  content.addEventListener("input", schedule);
  data.addEventListener("input", schedule);
  const panel = form.querySelector("#page-options");
  // Every field but the standards' boxes (standardBoxes) previews again.
  panel.addEventListener("input", (e) => { if (e.target.name !== "opt-standard") schedule(); });
  panel.addEventListener("change", (e) => { if (e.target.tagName === "SELECT") schedule(); });
  standardBoxes(form, schedule);
  rememberedFormat(format);
  format.addEventListener("change", preview);
  button.addEventListener("click", preview);
  drafts(form);
  preview();
}

for (const t of document.querySelectorAll("textarea[data-editor]")) makeEditor(t);
const form = document.getElementById("playground");
if (form) playground(form);
