//! Building and updating the board's elements: a tile, a lane's head and tools, its extra
//! chips; and reading the reader's clicks back from the `data-act` attributes drawn here
//! ([`action_of`]). The reconciliation that decides *what* changes is in the parent module.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element};
use yew::AttrValue;

use super::{Context, LaneEl, Slot, TileEl};
use crate::hooks::I18n;
use crate::pages::playground::lab::{Guess, LaneView, QueueInfo};
use crate::pages::playground::lanes::{all_text, broker_class};
use crate::pages::playground::predict::{mark_word, Mark};
use crate::pages::playground::settings::{room_name, Action, QueueRef, ROOMS};

/// What a tile element shows (compared before touching it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TileLook {
    pub(super) label: AttrValue,
    pub(super) title: AttrValue,
    pub(super) broker: u8,
    pub(super) moved: bool,
    pub(super) overlap: bool,
    pub(super) config: bool,
    pub(super) assigned: bool,
    pub(super) guess: Guess,
}

/// The element kind a [`Guess`] draws: a change of kind rebuilds the tile's content, a
/// picked / not picked change only updates the button (which keeps the keyboard focus).
fn guess_kind(guess: Guess) -> Option<Option<Mark>> {
    match guess {
        Guess::Off => None,
        Guess::Open { .. } => Some(None),
        Guess::Marked(mark) => Some(Some(mark)),
    }
}

/// The chips a lane draws after its tiles (BROADCASTING's "all queues", CONFIG's queues
/// that are not in `mqAll`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Extras {
    pub(super) all: Option<usize>,
    pub(super) outside: Vec<AttrValue>,
}

/// The parts of a lane's head and tools that are rebuilt when they change (rarely: the
/// count, the room and the duplicate button are updated in place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shell {
    pub(super) idle: bool,
    pub(super) show_rooms: bool,
}

/// A new element with `class` (none when empty).
pub(super) fn element(doc: &Document, tag: &str, class: &str) -> Option<Element> {
    let el = doc.create_element(tag).ok()?;
    if !class.is_empty() {
        el.set_class_name(class);
    }
    Some(el)
}

/// Updates one tile element to `look`: a label with the queue's name as its title; a
/// button when it edits the CONFIG list or answers "Which queues will move?" (`aria-pressed`:
/// in the list, picked); after a prediction, its mark in words after the label.
pub(super) fn draw_tile(doc: &Document, tile: &mut TileEl, info: &QueueInfo, look: TileLook, i18n: &I18n) {
    let old = tile.look.take();
    if old.as_ref() == Some(&look) {
        tile.look = old;
        return;
    }
    let mut class = String::from("pg-tile ");
    class.push_str(broker_class(look.broker));
    if look.moved {
        class.push_str(" is-moved");
    }
    if look.overlap {
        class.push_str(" is-overlap");
    }
    class.push_str(match look.guess {
        Guess::Open { picked: true } => " is-picked",
        Guess::Marked(Mark::Right) => " is-right",
        Guess::Marked(Mark::Missed) => " is-missed",
        Guess::Marked(Mark::Wrong) => " is-wrong",
        Guess::Off | Guess::Open { picked: false } => "",
    });
    tile.li.set_class_name(&class);
    let rebuild = old.as_ref().is_none_or(|o| {
        o.label != look.label
            || o.title != look.title
            || o.config != look.config
            || guess_kind(o.guess) != guess_kind(look.guess)
    });
    let pick = matches!(look.guess, Guess::Open { .. });
    if rebuild && (look.config || pick) {
        let _ = tile.li.remove_attribute("title");
        tile.li.set_text_content(None);
        if let Some(button) = element(doc, "button", "pg-tile-button") {
            let _ = button.set_attribute("type", "button");
            if pick {
                let _ = button.set_attribute("data-act", "guess");
                let _ = button.set_attribute("data-queue", &info.key);
            } else {
                let _ = button.set_attribute("data-act", "cfg");
                let _ = button.set_attribute("data-queue", &info.queue.key());
            }
            let _ = button.set_attribute("title", &look.title);
            // A CONFIG tile is named by its queue; a guess by its label, as the question
            // and the score name it.
            if !pick {
                let _ = button.set_attribute("aria-label", &look.title);
            }
            button.set_text_content(Some(&look.label));
            let _ = tile.li.append_child(&button);
        }
    } else if rebuild {
        tile.li.set_text_content(Some(&look.label));
        match look.guess {
            Guess::Marked(mark) => {
                let word = mark_word(i18n, mark);
                let _ = tile.li.set_attribute("title", &format!("{} ({word})", look.title));
                if let Some(span) = element(doc, "span", "pg-mark") {
                    span.set_text_content(Some(word));
                    let _ = tile.li.append_child(&span);
                }
            }
            _ => {
                let _ = tile.li.set_attribute("title", &look.title);
            }
        }
    }
    let pressed = match look.guess {
        Guess::Open { picked } => Some(picked),
        _ if look.config => Some(look.assigned),
        _ => None,
    };
    let was_pressed = old.as_ref().map(|o| match o.guess {
        Guess::Open { picked } => Some(picked),
        _ if o.config => Some(o.assigned),
        _ => None,
    });
    if let Some(pressed) = pressed.filter(|_| rebuild || was_pressed != Some(pressed)) {
        if let Some(button) = tile.li.first_element_child() {
            let _ = button.set_attribute("aria-pressed", if pressed { "true" } else { "false" });
        }
    }
    tile.look = Some(look);
}

/// A new lane's elements (head, tools and an empty tile list).
pub(super) fn new_lane(doc: &Document, lane: &LaneView, key: &str, i18n: &I18n) -> Option<LaneEl> {
    let li = element(doc, "li", "pg-lane")?;
    let _ = li.set_attribute("data-cid", &lane.cid);
    let _ = li.set_attribute(super::LANE_ATTR, key);
    let head = element(doc, "div", "pg-lane-head")?;
    let cid = element(doc, "span", "pg-cid")?;
    cid.set_text_content(Some(&lane.cid));
    let count = element(doc, "span", "pg-count")?;
    let _ = head.append_child(&cid);
    let _ = head.append_child(&count);
    let tools = element(doc, "div", "pg-lane-tools")?;
    let ul = element(doc, "ul", "pg-tiles")?;
    let _ = ul.set_attribute("aria-label", &i18n.t_args("page.playground.lane.queues", &[("cid", &lane.cid)]));
    let _ = li.append_child(&head);
    let _ = li.append_child(&tools);
    let _ = li.append_child(&ul);
    Some(LaneEl {
        key: key.to_owned(),
        li,
        head,
        count,
        tools,
        room: None,
        duplicate: None,
        shell: None,
        drawn_duplicate: None,
        drawn_count: None,
        drawn_room: None,
        slot: Slot::new(ul),
    })
}

/// Updates a lane's head, tools and extra chips to `lane`.
pub(super) fn draw_lane(doc: &Document, el: &mut LaneEl, lane: &LaneView, ctx: Context, i18n: &I18n) {
    let count = lane.all_queues.unwrap_or(lane.tiles.len() + lane.outside.len());
    if el.drawn_count != Some(count) {
        el.count.set_text_content(Some(&i18n.t_args("page.playground.lane.count", &[("count", &count.to_string())])));
        el.drawn_count = Some(count);
    }
    let shell = Shell { idle: lane.idle, show_rooms: ctx.show_rooms };
    if el.shell != Some(shell) {
        draw_shell(doc, el, lane, shell, i18n);
        el.shell = Some(shell);
        el.drawn_room = None;
        el.drawn_duplicate = None;
    }
    if let Some(button) = &el.duplicate {
        if el.drawn_duplicate != Some(ctx.can_grow) {
            // Disabled, not hidden: the lane keeps its size when the group fills up.
            let _ = button.toggle_attribute_with_force("disabled", !ctx.can_grow);
            el.drawn_duplicate = Some(ctx.can_grow);
        }
    }
    if let Some(button) = &el.room {
        if el.drawn_room != Some(lane.room) {
            let name = room_name(lane.room).unwrap_or_else(|| i18n.t("page.playground.rooms.none").to_owned());
            button.set_text_content(Some(&name));
            let label = i18n.t_args("page.playground.lane.room", &[("cid", &lane.cid), ("room", &name)]);
            let _ = button.set_attribute("aria-label", &label);
            let _ = button.set_attribute("data-room", &lane.room.to_string());
            el.drawn_room = Some(lane.room);
        }
    }
    let extras = Extras { all: lane.all_queues, outside: lane.outside.clone() };
    if el.slot.drawn_extras != extras {
        for chip in el.slot.extras.drain(..) {
            chip.remove();
        }
        if let Some(all) = extras.all {
            if let Some(chip) = element(doc, "li", "pg-tile pg-tile-all is-overlap") {
                chip.set_text_content(Some(&all_text(i18n, all)));
                el.slot.extras.push(chip);
            }
        }
        for name in &extras.outside {
            if let Some(chip) = element(doc, "li", "pg-tile is-outside") {
                let _ = chip.set_attribute("title", name);
                chip.set_text_content(Some(i18n.t("page.playground.lane.outside")));
                el.slot.extras.push(chip);
            }
        }
        for chip in &el.slot.extras {
            let _ = el.slot.ul.append_child(chip);
        }
        el.slot.drawn_extras = extras;
    }
}

/// Rebuilds the badges and the tools of a lane.
fn draw_shell(doc: &Document, el: &mut LaneEl, lane: &LaneView, shell: Shell, i18n: &I18n) {
    // Class by class: `is-parked` belongs to the parking.
    let classes = el.li.class_list();
    let _ = classes.toggle_with_force("is-idle", lane.idle);
    let _ = classes.toggle_with_force("is-conflict", lane.copy > 0);
    // Badges follow the cid and the count.
    while let Some(extra) = el.count.next_element_sibling() {
        extra.remove();
    }
    let badge = |class: &str, text: &str| {
        if let Some(span) = element(doc, "span", class) {
            span.set_text_content(Some(text));
            let _ = el.head.append_child(&span);
        }
    };
    if lane.idle {
        badge("pg-badge pg-badge-idle", i18n.t("page.playground.lane.idle"));
    }
    if lane.copy > 0 {
        badge("pg-badge pg-badge-conflict", i18n.t("page.playground.lane.conflict"));
    }
    el.tools.set_text_content(None);
    el.room = None;
    let host = lane.host.to_string();
    let cid = lane.cid.as_str();
    let button = |class: &str, act: &str, text: &str, label: String| {
        let b = element(doc, "button", class)?;
        let _ = b.set_attribute("type", "button");
        let _ = b.set_attribute("data-act", act);
        let _ = b.set_attribute("data-host", &host);
        let _ = b.set_attribute("aria-label", &label);
        b.set_text_content(Some(text));
        let _ = el.tools.append_child(&b);
        Some(b)
    };
    // A button, not a <select>: Chromium lays a <select> in a parked lane out again and
    // again (measured: some 20 forced layouts per change), so lanes holding one could not park.
    el.room = shell.show_rooms.then(|| button("pg-room", "room", "", String::new())).flatten();
    button(
        "pg-kill",
        "kill",
        i18n.t("page.playground.lane.kill"),
        i18n.t_args("page.playground.lane.kill_label", &[("cid", cid)]),
    );
    el.duplicate = (lane.copy == 0)
        .then(|| {
            button(
                "pg-dup",
                "dup",
                i18n.t("page.playground.lane.duplicate"),
                i18n.t_args("page.playground.lane.duplicate_label", &[("cid", cid)]),
            )
        })
        .flatten();
}

/// The queue key (`a0`) of a tile the reader pressed to answer "Which queues will move?".
pub fn guess_of(event: &web_sys::Event) -> Option<String> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let el = target.closest("[data-act=guess]").ok()??;
    el.get_attribute("data-queue")
}

/// The reader's action for a click inside the board: on a lane's Kill, Duplicate or
/// machine-room button (the next room: idc1 → idc2 → idc3 → none → idc1), or on a CONFIG tile.
pub fn action_of(event: &web_sys::Event) -> Option<Action> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let el = target.closest("[data-act]").ok()??;
    let host = || el.get_attribute("data-host")?.parse::<u8>().ok();
    match (event.type_().as_str(), el.get_attribute("data-act")?.as_str()) {
        ("click", "kill") => Some(Action::Kill(host()?)),
        ("click", "dup") => Some(Action::Duplicate(host()?)),
        ("click", "cfg") => Some(Action::ToggleConfig(QueueRef::parse(&el.get_attribute("data-queue")?)?)),
        ("click", "room") => {
            let room = el.get_attribute("data-room").and_then(|r| r.parse::<u8>().ok()).unwrap_or(0);
            Some(Action::SetConsumerRoom(host()?, (room + 1) % (ROOMS + 1)))
        }
        _ => None,
    }
}
