// The decision panel of speakeasy.games.speakeasy.table.play_panel (an anywidget): drawn from the data of
// panel_view(); it only ever sets text, and sends requests that parse_request() checks.
const h = (tag, cls, text) => {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = text;
  return el;
};
// The players' colours come with the data ([fill, ink] by name): one source, the figures'.
let COLOURS = {};
function chip(colour, text) {
  const name = text || (colour ? colour[0].toUpperCase() + colour.slice(1) : "game");
  const el = h("span", "se-chip", name);
  const [fill, ink] = COLOURS[colour] || ["#777", "#fff"];
  el.style.background = fill;
  el.style.color = ink;
  return el;
}
// The glossary's words the panel's text holds ({name: {href, title, slug, case, as}}): the
// first time a text block (a line, a section, a step) names one, it links to its entry.
let TERMS = {};
let TERM_PATTERN = [null, null];  // made once per set of words
function termPattern() {
  const names = Object.keys(TERMS);
  if (!names.length) return null;
  const key = names.join("|");
  if (TERM_PATTERN[0] !== key) {
    const alternatives = names.sort((a, b) => b.length - a.length)
      .map(n => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"));
    TERM_PATTERN = [key, new RegExp("(?<![\\w/=?&#-])(" + alternatives.join("|") + ")(?![\\w-])", "gi")];
  }
  return TERM_PATTERN[1];
}
function withTerms(el, text, seen) {
  const pattern = termPattern();
  if (!pattern || !text) { el.append(text || ""); return; }
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const word = m[0];
    const term = TERMS[word.toLowerCase().replace(/\s+/g, " ")];
    if (!term || seen.has(term.slug) || (term.case && !term.as.includes(word))) continue;
    seen.add(term.slug);
    el.append(text.slice(last, m.index));
    const a = h("a", "term-link", word);
    a.href = term.href; a.target = "_blank"; a.rel = "noopener"; a.title = term.title;
    el.append(a);
    last = m.index + word.length;
  }
  el.append(text.slice(last));
}
// Text with the rule IDs the panel's data lists turned into links, and the glossary's words
// (``seen``: the words already linked in this block); everything else is text.
let PATTERN = [null, null];  // the links' pattern, made once per set of IDs
function linked(el, text, links, seen) {
  seen = seen || new Set();
  const ids = Object.keys(links || {});
  if (!ids.length || !text) { withTerms(el, text || "", seen); return el; }
  const key = ids.join("|");
  if (PATTERN[0] !== key) {
    PATTERN = [key, new RegExp("(?<![\\w/=?&-])(" + ids.map(i => i.replace(/[-]/g, "\\-")).join("|") + ")(?![\\w-])", "g")];
  }
  const pattern = PATTERN[1];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    withTerms(el, text.slice(last, m.index), seen);
    const a = h("a", "rule-link", m[0]);
    a.href = links[m[0]]; a.target = "_blank"; a.rel = "noopener";
    el.append(a);
    last = m.index + m[0].length;
  }
  withTerms(el, text.slice(last), seen);
  return el;
}
function render({ model, el }) {
  let busy = false;
  let busy_since = 0;
  const send = (request) => {
    if (busy) return;
    busy = true;
    const asked = busy_since = performance.now();
    // dimmed only if the answer is slow to come (most come in a frame or two); it always
    // comes (a new view); should the connection drop, clicks come back
    setTimeout(() => { if (busy && busy_since === asked) root.classList.add("se-busy"); }, 200);
    setTimeout(() => { if (busy_since === asked) { busy = false; root.classList.remove("se-busy"); } }, 10000);
    const n = ((model.get("request") || {}).n || 0) + 1;
    model.set("request", Object.assign({ n, step: model.get("view").step }, request));
    model.save_changes();
  };
  const button = (cls, text, request, title) => {
    const b = h("button", cls, text);
    if (title) b.title = title;
    // the button is gone with the answer: its focus goes now, while the page has nothing
    // else to do, not in the middle of drawing the answer
    b.addEventListener("click", () => { b.blur(); send(request); });
    return b;
  };
  const root = h("div", "se-side");
  el.append(root);
  const draw = () => {
    const v = model.get("view") || {};
    try {
      fill(v);
    } finally {
      // drawn: the notebook may now bring the views below the table up to date
      if (v.ack) {
        model.set("drawn", v.seq);
        model.save_changes();
      }
    }
  };
  const fill = (v) => {
    busy = false;
    const links = v.links || {};
    COLOURS = v.colours || {};
    TERMS = v.terms || {};
    if (root.classList.contains("se-busy")) root.classList.remove("se-busy");
    // the same position drawn again (the coach's progress, a note): each box keeps its scroll
    const kept = root.dataset.step === String(v.step)
      ? Array.from(root.querySelectorAll(SCROLLERS), e => [e.classList[0], e.scrollTop]) : [];
    root.replaceChildren();
    root.dataset.step = v.step;
    root.dataset.seq = v.seq;  // every answer of the kernel, a repeated note too
    const p = v.prompt;
    if (p) {
      const box = h("div", "se-prompt");
      box.dataset.kind = v.kind || "over";
      box.dataset.step = v.step;
      if (p.player) box.dataset.player = p.player;
      box.append(h("div", "se-progress", p.progress));
      const head = h("h3", "se-question");
      if (p.over) {
        head.textContent = "The game is over";
        box.append(head, h("p", "se-over", "Final scores are below the map."));
      } else {
        head.append(chip(p.player), " ", h("span", "se-seat", "(" + p.seat + ")"), " ",
          linked(h("span", "se-question-text"), p.text, links));
        box.append(head);
        if (p.rules.length) {
          const d = h("details", "se-rules");
          d.append(h("summary", "", "Rules: " + p.rules.map(r => r.id).join(", ")));
          const ul = h("ul");
          for (const r of p.rules) {
            const li = h("li");
            linked(li, r.id, links);
            li.append(" " + r.summary);
            ul.append(li);
          }
          d.append(ul);
          box.append(d);
        }
      }
      root.append(box);
    }
    root.append(controlsOf(v));
    // the pause and the step through go first in the box that scrolls (see below)
    const through = v.pause || v.through ? throughOf(v, links) : null;
    if (v.cover) {  // two people at one screen: the next one's cards stay covered
      const c = h("div", "se-cover");
      c.append(h("p", "", v.cover.text), button("se-reveal", v.cover.button, { kind: "reveal" }));
      root.append(c);
    }
    const sectionOf = (section) => {
      const d = h("div", "se-section " + (section.cls || ""));
      d.append(h("h4", "", section.title));
      const ul = h("ul");
      const seen = new Set();  // a section is one block: each word linked once
      for (const line of section.lines) ul.append(linked(h("li"), line, links, seen));
      d.append(ul);
      return d;
    };
    // e.g. the hand of the seat to decide, in one box that scrolls on its own; a section
    // marked "after" follows the options
    const before = (v.sections || []).filter(section => !section.after);
    if (before.length) {
      const box = h("div", "se-sections");
      for (const section of before) box.append(sectionOf(section));
      root.append(box);
    }
    if (v.since) {
      const s = h("div", "se-since");
      const title = h("h4", "", "Since your last decision, ");
      title.append(chip(v.since.viewer));
      if (v.since.earlier) title.append(" (" + v.since.earlier + " earlier choices in the log below)");
      // the title stays, the steps scroll on their own
      const items = h("div", "se-since-items");
      s.append(title, items);
      for (const item of v.since.items) {
        const row = h("div", item.luciano ? "se-since-item se-luciano" : "se-since-item");
        row.dataset.step = item.step;
        const text = h("div", "se-since-text");
        const seen = new Set();  // a step is one block: each word linked once
        text.append(linked(h("b"), item.headline, links, seen));
        const ul = h("ul");
        for (const line of item.lines) ul.append(linked(h("li"), line, links, seen));
        text.append(ul);
        if (item.more.length) {
          const d = h("details");
          d.append(h("summary", "", item.more.length + " automatic events in all"));
          const all = h("ul");
          for (const line of item.more) all.append(linked(h("li"), line, links));
          d.append(all);
          text.append(d);
        }
        row.append(text, button("se-through-open", "▶ Step through",
          { kind: "through", target: item.step }, "Replay step " + item.step + " event by event (here, and on a map below)"));
        items.append(row);
      }
      root.append(s);
    }
    if (v.note) root.append(linked(h("div", "se-note se-note-" + v.note.kind), v.note.text, links));
    const opts = h("div", "se-options");
    if (v.bot) opts.append(h("div", "se-note se-note-info", v.bot));
    if (v.waiting) {
      if (v.picker) {
        const row = h("div", "se-picker");
        row.append(h("b", "", "Choose: "));
        for (const title of v.picker.titles) {
          const b = button("se-group" + (title === v.picker.chosen ? " se-chosen" : ""), title, { kind: "group", text: title });
          row.append(b);
        }
        opts.append(row);
      }
      if (v.hint) opts.append(h("div", "se-hint", v.hint));
      for (const g of v.groups) {
        if (g.title) opts.append(h("div", "se-group-title", g.title));
        if (g.list) {
          const sel = h("select", "se-list");
          for (const i of g.options) {
            const o = h("option", "", v.options[i].full);
            o.value = String(i);
            sel.append(o);
          }
          // a closed list shows only the start of a long option: the chosen one in full below
          const chosen = h("div", "se-caption se-list-chosen", v.options[g.options[0]].full);
          sel.addEventListener("change", () => { chosen.textContent = v.options[Number(sel.value)].full; });
          const play = h("button", "se-play", "▶ Play the chosen option");
          play.addEventListener("click", () => { play.blur(); send({ kind: "choose", index: Number(sel.value) }); });
          opts.append(sel, chosen, play);
          continue;
        }
        for (const i of g.options) {
          const o = v.options[i];
          const b = button("se-option", o.head, { kind: "choose", index: i }, o.full);
          b.dataset.index = i;
          opts.append(b);
          // what it costs and gives, its glossary words linked (the button's own words never)
          if (o.caption) opts.append(linked(h("div", "se-caption"), o.caption, links));
        }
      }
      if (v.show_all) opts.append(button("se-show-all", "Show every option", { kind: "all" }));
      for (const i of v.finish) {
        const b = button("se-option se-finish", v.options[i].head, { kind: "choose", index: i }, v.options[i].full);
        b.dataset.index = i;
        opts.append(b);
      }
    }
    // the options and what follows them scroll on their own, the parts above stay in view
    const scroll = h("div", "se-scroll");
    // the coach's button heads the options it advises on (the controls above keep one height)
    const asked = v.coach && v.coach.state === "answer";
    const askLabel = !asked ? "Ask the coach" : v.coach.more ? "Ask again with more worlds" : "Ask the coach again";
    if (v.coach_offer) scroll.append(button("se-coach-ask", askLabel, { kind: "coach" },
      "What would a strong player do here, and why? (from what you can see only)"));
    // while it thinks: its progress above the options; its answer: one line above them, the
    // option it names marked in the list, and the whole answer (why) below them, so that the
    // options stay in view on a small screen
    const answered = v.coach && v.coach.state === "answer";
    if (v.coach) scroll.append(answered ? coachLine(v) : coachOf(v, links));
    if (through) scroll.append(through);
    if (answered && v.coach.best_index !== null) {
      const pick = opts.querySelector(`button.se-option[data-index="${v.coach.best_index}"]`);
      if (pick) {
        pick.classList.add("se-coach-pick");
      }
    }
    scroll.append(opts);
    if (answered) scroll.append(coachOf(v, links));
    for (const section of v.sections || []) if (section.after) scroll.append(sectionOf(section));
    if (v.blocked.length) {
      const d = h("details", "se-blocked");
      d.append(h("summary", "", "Not allowed now (" + v.blocked.length + ")"));
      const ul = h("ul");
      for (const b of v.blocked) ul.append(linked(h("li", "", "✗ " + b.text + " — "), b.why, links));
      d.append(ul);
      scroll.append(d);
    }
    root.append(scroll);
    for (const [cls, top] of kept) {
      const e = root.querySelector("." + cls);
      if (e && top) e.scrollTop = top;
    }
  };
  // The coach (issue 27): its progress while it thinks (the table answers meanwhile), then
  // the options it rates best with their expected final margin, and why the first beats the
  // runner-up, each reason with its rules and the explorer that shows it
  const coachLine = (v) => {
    const c = v.coach;
    const line = h("div", "se-coach-line");
    line.append("★ The coach would choose ", h("b", "", c.ranked[0].label), " (" + c.ranked[0].margin + "). ");
    const why = h("a", "se-coach-jump", "Why ▾");
    why.href = "#";
    why.addEventListener("click", (ev) => {
      ev.preventDefault();
      const box = root.querySelector(".se-coach");
      if (box) box.scrollIntoView({ block: "nearest" });
    });
    line.append(why);
    return line;
  };
  const coachOf = (v, links) => {
    const c = v.coach;
    const box = h("div", "se-coach");
    box.dataset.state = c.state;
    box.dataset.step = v.step;
    if (c.state === "thinking" || c.state === "stopping") {
      const head = h("div", "se-coach-head");
      head.append(h("b", "", c.state === "thinking" ? "The coach is thinking" : "The coach is stopping"));
      const bar = h("progress", "se-coach-progress");
      bar.max = c.total;
      bar.value = c.done;
      head.append(bar, h("span", "se-coach-count", c.done + " of " + c.total + " worlds"));
      if (c.state === "thinking") head.append(button("se-coach-stop", "Stop", { kind: "coach_stop" }, "Answer from the worlds played so far"));
      box.append(head, h("p", "se-caption", "You may go on playing: a move drops the question."));
      return box;
    }
    if (c.state === "error") {
      box.append(h("p", "se-note se-note-warn", c.error));
      return box;
    }
    const best = c.ranked[0];
    const head = h("div", "se-coach-head");
    head.append(h("b", "", "The coach would choose: "), h("span", "se-coach-best", best.label));
    box.append(head);
    const who = v.prompt && v.prompt.player
      ? v.prompt.player.charAt(0).toUpperCase() + v.prompt.player.slice(1) : "you";
    const worlds = c.worlds + (c.worlds === 1 ? " world" : " worlds") +
      " drawn to fit what " + who + " cannot see" + (c.cancelled ? ", stopped early" : "");
    box.append(h("p", "se-caption", "Expected final margin " + best.margin + " (over " + worlds +
      "; every option played on by the same bots)."));
    if (c.ranked.length > 1) {
      const ol = h("ol", "se-coach-ranked");
      for (const r of c.ranked.slice(0, 3)) {
        const li = h("li");
        li.append(h("span", "", r.label), " ", h("span", "se-coach-margin", r.margin));
        ol.append(li);
      }
      box.append(ol);
    }
    if (c.runner_up) {
      box.append(h("p", "", (c.clear ? "Ahead of " : "Close to ") + "“" + c.runner_up + "” by " +
        c.lead_text + (c.clear ? "." : ": within what chance gives over this many worlds.")));
    }
    // the reasons compare with the runner-up, or with the best move of another kind when the
    // runner-up is a twin of the recommended move (coach.py's contrast)
    const against = c.contrast;
    if (against) {
      box.append(h("p", "", "Against the best move of another kind, “" + against.label + "”, by " +
        against.lead_text + (against.clear ? "." : ": within what chance gives.")));
    }
    const reasonList = (lines) => {
      const ul = h("ul", "se-coach-why");
      for (const line of lines) {
        const li = linked(h("li"), line.text, links);
        if (line.explorer) {
          const a = h("a", "se-coach-explore", "explore: " + line.explorer.title);
          a.href = line.explorer.href;
          a.target = "_blank";
          li.append(" ", a);
        }
        ul.append(li);
      }
      return ul;
    };
    // what the move itself changes (the same in every world) apart from what it leads to
    const itself = c.lines.filter((l) => l.itself);
    const leads = c.lines.filter((l) => !l.itself);
    if (itself.length) {
      box.append(h("b", "", against ? "What it changes at once, against that move:" :
        "What it changes at once:"), reasonList(itself));
    }
    if (leads.length) {
      // a clear lead is explained by what differs; a close call only shows the trade
      const clear = against ? against.clear : c.clear;
      const head = against
        ? (clear ? "Where the lead over that move comes from:" :
          "Where it differs from that move (neither is clearly better overall):")
        : (clear ? "Where the lead comes from:" :
          "Where the two differ (neither is clearly better overall):");
      box.append(h("b", "", head), reasonList(leads));
    } else if (c.runner_up) {
      box.append(h("p", "se-caption", "Nothing it leads to differs clearly between the two" +
        (against ? " moves compared" : "") + ": ask again for more worlds, or trust either."));
    }
    return box;
  };
  // A pause before the Lucky Luciano phase, and the step through of one step event by event,
  // in view above the options (the map-by-map step through is further down the page)
  const throughOf = (v, links) => {
    const box = h("div", "se-pause");
    if (v.pause) {
      box.dataset.paused = v.pause.step;
      box.append(h("h4", "", v.pause.title), h("p", "se-pause-text", v.pause.text));
    }
    const t = v.through;
    if (t) {
      box.dataset.step = t.step;
      box.dataset.index = t.index;
      const head = h("div", "se-through-head");
      head.append(h("b", "", t.head), " ");
      if (!v.pause) head.append(button("se-through-close", "Close", { kind: "close" }));
      const event = h("div", t.luciano ? "se-through-event se-luciano" : "se-through-event");
      event.append(chip(t.player), " ", h("b", "", t.category), " ");
      linked(event, t.text, links);
      if (t.rules) event.append(" ", linked(h("span", "se-through-rules"), t.rules, links));
      const changes = h("ul", "se-through-changes");
      for (const line of t.changes) changes.append(linked(h("li"), line, links));
      const nav = h("div", "se-through-nav");
      const prev = button("se-frame-prev", "◀ Previous event", { kind: "frame", index: t.index - 1 });
      prev.disabled = t.index <= 0;
      const next = button("se-frame-next", "Next event ▶", { kind: "frame", index: t.index + 1 });
      next.disabled = t.index >= t.count - 1;
      nav.append(prev, next);
      box.append(head, event, changes, nav);
    }
    return box;
  };
  // Undo, Redo and the bots' button, right under the question: in view without scrolling the
  // page or the panel, however long the hand and the options below them (a 1280x800 screen)
  const controlsOf = (v) => {
    const controls = h("div", "se-controls");
    const undo = button("se-undo", "↶ Undo", { kind: "undo" }, "Back to your previous decision (the bots' moves after it are undone too)");
    undo.disabled = !v.undo;
    const redo = button("se-redo", "↷ Redo", { kind: "redo" });
    redo.disabled = !v.redo;
    controls.append(undo, redo);
    if (v.bots) controls.append(button("se-bots", v.bots, { kind: "bots" },
      "A bot makes this decision for you, then the bots play until a person decides"));

    return controls;
  };
  // The panel is as tall as the window leaves below it when the page is at its top, so that
  // no part of it is below the window's edge there (its options scroll on their own); a
  // panel further down a page (less than MIN_ROOM left) is at most the window's height.
  // Measured again when the window, or anything around the panel, changes size.
  const MIN_ROOM = 360;
  // A box that scrolls on its own says so while there is more below its edge ("more below",
  // CSS se-more-below): kept up to date as it scrolls, as the panel is fitted to the window,
  // and as a part inside it opens or closes
  const SCROLLERS = ".se-scroll, .se-sections, .se-since-items";
  const marked = (e) => {
    e.classList.toggle("se-more-below", e.scrollHeight - e.scrollTop - e.clientHeight > 2);
  };
  root.addEventListener("scroll", (ev) => {
    if (ev.target instanceof Element && ev.target.matches(SCROLLERS)) marked(ev.target);
  }, true);
  root.addEventListener("toggle", () => refit(), true);
  let fitting = 0;
  const fit = () => {
    fitting = 0;
    if (!root.isConnected) return;
    let top = root.getBoundingClientRect().top;
    // where the panel sits with every scroller around it at its top (through shadow roots)
    const around = [];
    for (let e = root.parentNode; e; e = e instanceof ShadowRoot ? e.host : e.parentNode) {
      if (e.nodeType !== Node.ELEMENT_NODE) continue;
      top += e.scrollTop;
      around.push(e);
    }
    const room = Math.floor(window.innerHeight - top - 12);
    const height = (room >= MIN_ROOM ? room : window.innerHeight - 24) + "px";
    if (root.style.maxHeight !== height) root.style.maxHeight = height;
    for (const e of around) if (!watched.has(e)) { watched.add(e); sizes.observe(e); }
    for (const e of root.querySelectorAll(SCROLLERS)) marked(e);
  };
  // measured in the next frame, once: a change of size seen by the observer never changes
  // a size within the observer's own callback
  const refit = () => { if (!fitting) fitting = requestAnimationFrame(fit); };
  const watched = new WeakSet();
  const sizes = new ResizeObserver(refit);
  window.addEventListener("resize", refit);
  model.on("change:view", () => { draw(); refit(); });
  draw();
  refit();
  return () => {  // the widget is taken off the page
    sizes.disconnect();
    window.removeEventListener("resize", refit);
    if (fitting) cancelAnimationFrame(fitting);
  };
}
export default { render };
