//! The lanes and the tray, drawn straight into the DOM: one `<li>` per member and one
//! element per queue tile, reused from render to render.
//!
//! Why not Yew's keyed lists: a keyed list only reorders children of one parent, so a tile
//! that changes lanes was removed and created again, and at 256 queues / 64 consumers that
//! reconciliation was a third of every slider input. Here Yew still draws everything around
//! the board (legend, tray heading, the late consumer) and the two empty lists this module
//! fills; the page's buttons inside the lanes carry `data-act` attributes and are handled
//! by one listener on the board ([`action_of`]).
//!
//! [`Board::render`] compares what it drew last time with the new [`View`] and touches only
//! what changed. It places the tiles in one of two ways:
//! - **In place**, as a rule: every list keeps its elements where they are and each shows
//!   the queue now at its place (a text change instead of moving the element, so the
//!   browser keeps its boxes); the elements a list no longer needs go to the lists that
//!   need more, and only what is still missing is created. In a burst of changes (a drag, a
//!   held key), the lanes parked out of view (see [`super::parking`]) are not touched at
//!   all: they *wait*, and are drawn before they are rendered again (the parking keeps them
//!   parked until [`super::lanes::Stage`] draws them). So a change in a burst costs the DOM
//!   work of the lanes on screen only, and after a single change the whole DOM is current.
//! - **Following**, while an element of the board has the keyboard focus, so the focus stays
//!   on its queue: for every queue, an element already in a lane that still shows the queue
//!   stays there; the other elements of that queue move (`insertBefore`) to the lanes that
//!   newly show it; what is left is created or removed. BROADCASTING, CONFIG and a cid
//!   conflict show a queue in several lanes, so one queue can have several elements.
//!
//! Either way each list remembers the queues it shows ([`List::shows`]), and
//! [`super::flip`] animates a rebalance by queue, not by element: each tile travels from
//! where its queue was.

use std::collections::HashMap;

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};
use yew::AttrValue;

pub use self::draw::{action_of, guess_of};
use self::draw::{draw_lane, draw_tile, element, new_lane, Extras, Shell, TileLook};
use super::lab::{LaneView, QueueInfo, Tile, View};
use super::parking::Parking;
use crate::hooks::I18n;
use crate::i18n::Lang;

mod draw;

/// What the lanes' drawing depends on besides the [`View`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// Each lane has a machine-room button (MACHINE_ROOM_NEARBY).
    pub show_rooms: bool,
    /// Tiles are buttons that edit the CONFIG list.
    pub config_mode: bool,
    /// Another member may join (the duplicate buttons).
    pub can_grow: bool,
}

/// Index of a tile element in [`Board::tiles`].
type TileId = usize;

/// One queue tile's element.
struct TileEl {
    /// The `<li>` (the element FLIP animates).
    li: HtmlElement,
    /// The queue's stable key (`a0`).
    key: AttrValue,
    look: Option<TileLook>,
}

/// A list of tiles: a lane's or the tray's `<ul>`.
struct Slot {
    ul: Element,
    /// The tile elements in the list, in DOM order.
    tiles: Vec<TileId>,
    /// The keys of the queues the list shows since the last render, in order (a list that
    /// waits has not drawn them yet: its elements still show the ones before).
    shows: Vec<AttrValue>,
    extras: Vec<Element>,
    drawn_extras: Extras,
}

impl Slot {
    fn new(ul: Element) -> Slot {
        Slot { ul, tiles: Vec::new(), shows: Vec::new(), extras: Vec::new(), drawn_extras: Extras::default() }
    }
}

/// One list of tiles as [`Board::lists`] sees it.
pub struct List<'a> {
    /// The lane's key (`cid#copy`), or the tray's.
    pub key: &'a str,
    /// The lane's `<li>`, or the tray's `<ul>`.
    pub el: &'a Element,
    /// The tile elements, in DOM order: unless the list is parked, the `i`th shows
    /// `shows[i]`.
    pub tiles: Vec<&'a HtmlElement>,
    /// The keys of the queues the list shows, in order.
    pub shows: &'a [AttrValue],
    /// Out of view, so parked while the reader changes things (see [`super::parking`]):
    /// its tiles are not rendered, or are about to stop, so they must not be measured (that
    /// would force their layout), and a list that waits shows older queues than `shows`.
    pub parked: bool,
}

/// One member's lane.
struct LaneEl {
    /// `cid#copy`.
    key: String,
    li: Element,
    head: Element,
    count: Element,
    tools: Element,
    /// The machine-room button (MACHINE_ROOM_NEARBY): shows the room, moves to the next one.
    room: Option<Element>,
    /// The duplicate button (first process of a cid only), disabled when the group is full.
    duplicate: Option<Element>,
    shell: Option<Shell>,
    drawn_duplicate: Option<bool>,
    drawn_count: Option<usize>,
    drawn_room: Option<u8>,
    slot: Slot,
}

/// Everything the board has drawn, so the next render can compare.
#[derive(Default)]
pub struct Board {
    lanes_ul: Option<Element>,
    tray_ul: Option<Element>,
    lang: Option<Lang>,
    lanes: Vec<LaneEl>,
    tray: Option<Slot>,
    /// Tile elements by id; `None` is a free id.
    tiles: Vec<Option<TileEl>>,
    free: Vec<TileId>,
    parking: Parking,
}

/// A list the new view wants: its key (`cid#copy`, or the tray's), its tiles, and whether
/// they are assigned (a lane) or not (the tray).
struct Wanted<'a> {
    key: String,
    tiles: &'a [Tile],
    assigned: bool,
}

fn document() -> Option<Document> {
    web_sys::window()?.document()
}

fn lane_key(lane: &LaneView) -> String {
    format!("{}#{}", lane.cid, lane.copy)
}

/// The attribute holding a tile's queue key (`a0`), the tile's identity.
pub const TILE_ATTR: &str = "data-flip";
/// The attribute holding a lane's key (`cid#copy`).
pub const LANE_ATTR: &str = "data-lane";

/// The tray's slot key (a cid always holds `@`, so no lane can have it).
const TRAY: &str = "tray";

impl Board {
    /// Forgets everything drawn (the lists were replaced, or the language changed).
    fn reset(&mut self) {
        self.parking.clear();
        for lane in self.lanes.drain(..) {
            lane.li.remove();
        }
        if let Some(tray) = self.tray.take() {
            tray.ul.set_text_content(None);
        }
        for tile in self.tiles.drain(..).flatten() {
            tile.li.remove();
        }
        self.free.clear();
    }

    /// Every list of tiles: each lane's, then the tray's (see [`List`]).
    pub fn lists(&self) -> impl Iterator<Item = List<'_>> {
        let lanes = self.lanes.iter().map(|l| (l.key.as_str(), &l.li, &l.slot, self.parking.is_off_screen(&l.key)));
        let tray = self.tray.iter().map(|t| (TRAY, &t.ul, t, false));
        lanes.chain(tray).map(|(key, el, slot, parked)| {
            let tiles = slot.tiles.iter().filter_map(|&id| Some(&self.tiles.get(id)?.as_ref()?.li)).collect();
            List { key, el, tiles, shows: &slot.shows, parked }
        })
    }

    /// Parks the lanes out of view while the reader is changing things (`busy`), or
    /// renders every lane again (see [`super::parking`]).
    pub fn set_busy(&self, busy: bool) {
        self.parking.set_busy(busy, self.lanes.iter().map(|l| (l.key.as_str(), &l.li)));
    }

    /// How many tile ids exist (drawn or free).
    pub fn capacity(&self) -> usize {
        self.tiles.len()
    }

    /// Draws `view` into `lanes_ul` (one `<li>` per member) and `tray_ul` (the unassigned
    /// tiles), changing only what differs from the last render. Unless the keyboard focus
    /// is inside the board, tiles are placed in place, and with `burst` (the change is one of
    /// a burst, see [`super::flip`]) the lanes parked now are left as they are (they wait;
    /// see the module docs).
    pub fn render(
        &mut self,
        lanes_ul: &Element,
        tray_ul: &Element,
        view: &View,
        ctx: Context,
        i18n: &I18n,
        burst: bool,
    ) {
        let Some(doc) = document() else { return };
        let same = |a: &Option<Element>, b: &Element| a.as_ref().is_some_and(|a| a.is_same_node(Some(b)));
        if !same(&self.lanes_ul, lanes_ul) || !same(&self.tray_ul, tray_ul) || self.lang != Some(i18n.lang()) {
            self.reset();
            self.lanes_ul = Some(lanes_ul.clone());
            self.tray_ul = Some(tray_ul.clone());
            self.lang = Some(i18n.lang());
        }
        // Keyboard focus on a tile or a lane button survives the move (see the end).
        let focused = doc.active_element().filter(|el| lanes_ul.contains(Some(el)) || tray_ul.contains(Some(el)));

        let wanted: Vec<Wanted> = view
            .lanes
            .iter()
            .map(|lane| Wanted { key: lane_key(lane), tiles: &lane.tiles, assigned: true })
            .chain(std::iter::once(Wanted { key: TRAY.to_owned(), tiles: &view.tray, assigned: false }))
            .collect();
        // Focus inside the board stays on its queue: only following keeps that.
        let in_place = focused.is_none();
        let waits: Vec<bool> = wanted.iter().map(|w| in_place && burst && self.parking.is_parked(&w.key)).collect();
        let placed = if in_place {
            self.place_in_place(&doc, &wanted, &waits, &view.queues)
        } else {
            self.place_tiles(&doc, &wanted, &view.queues)
        };

        // The lanes: reuse by key, create the new ones, remove the rest, then order them.
        let old_order: Vec<String> = self.lanes.iter().map(|l| l.key.clone()).collect();
        let mut old: HashMap<String, LaneEl> = self.lanes.drain(..).map(|l| (l.key.clone(), l)).collect();
        let mut lanes: Vec<LaneEl> = Vec::with_capacity(view.lanes.len());
        for (lane, want) in view.lanes.iter().zip(&wanted) {
            let el = match old.remove(&want.key) {
                Some(el) => el,
                None => match new_lane(&doc, lane, &want.key, i18n) {
                    Some(el) => {
                        self.parking.observe(&el.li);
                        el
                    }
                    // The browser would not make an element: draw nothing rather than put
                    // tiles in the wrong lanes (the next render starts from scratch).
                    None => {
                        for lane in lanes.into_iter().chain(old.into_values()) {
                            lane.li.remove();
                        }
                        self.reset();
                        return;
                    }
                },
            };
            lanes.push(el);
        }
        for (key, gone) in old {
            self.parking.forget(&gone.li, &key);
            gone.li.remove();
        }
        order_lanes(lanes_ul, &lanes, old_order);

        // The tiles of every list, in order; then what each tile shows.
        let tray = self.tray.get_or_insert_with(|| Slot::new(tray_ul.clone()));
        let slots = lanes.iter_mut().map(|l| &mut l.slot).chain(std::iter::once(tray));
        for ((slot, ids), want) in slots.zip(&placed).zip(&wanted) {
            let ids: Vec<TileId> = ids.iter().flatten().copied().collect();
            order_tiles(slot, &ids, &self.tiles);
            slot.shows.clear();
            slot.shows.extend(want.tiles.iter().filter_map(|tile| Some(view.queues.get(tile.queue)?.key.clone())));
        }
        for ((want, ids), _) in wanted.iter().zip(&placed).zip(&waits).filter(|(_, &waits)| !waits) {
            for (tile, &id) in want.tiles.iter().zip(ids) {
                let Some(id) = id else { continue };
                let (Some(Some(el)), Some(info)) = (self.tiles.get_mut(id), view.queues.get(tile.queue)) else {
                    continue;
                };
                let look = TileLook {
                    label: info.label.clone(),
                    title: info.title.clone(),
                    broker: info.broker,
                    moved: tile.moved,
                    overlap: tile.overlap,
                    config: ctx.config_mode,
                    assigned: want.assigned,
                    guess: tile.guess,
                };
                draw_tile(&doc, el, info, look, i18n);
            }
        }
        for ((lane, el), &waits) in view.lanes.iter().zip(lanes.iter_mut()).zip(&waits) {
            if waits {
                self.parking.wait(&el.key);
            } else {
                draw_lane(&doc, el, lane, ctx, i18n);
                self.parking.drawn(&el.key, &el.li);
            }
        }
        self.lanes = lanes;

        if let Some(el) = focused {
            if el.is_connected() && doc.active_element().as_ref() != Some(&el) {
                if let Ok(el) = el.dyn_into::<HtmlElement>() {
                    let options = web_sys::FocusOptions::new();
                    options.set_prevent_scroll(true);
                    let _ = el.focus_with_options(&options);
                }
            }
        }
    }

    /// Chooses an element for every wanted tile (see the module docs), creating and
    /// removing elements as needed. Returns the ids per wanted slot, one per tile in order
    /// (`None` only if the browser would not make an element).
    fn place_tiles(&mut self, doc: &Document, wanted: &[Wanted], queues: &[QueueInfo]) -> Vec<Vec<Option<TileId>>> {
        // Where each existing element is now: queue key → [(slot key, id)].
        let mut existing: HashMap<AttrValue, Vec<(&str, TileId)>> = HashMap::new();
        let old_slots = self.lanes.iter().map(|l| (l.key.as_str(), &l.slot)).chain(self.tray.iter().map(|t| (TRAY, t)));
        for (key, slot) in old_slots {
            for &id in &slot.tiles {
                if let Some(Some(tile)) = self.tiles.get(id) {
                    existing.entry(tile.key.clone()).or_default().push((key, id));
                }
            }
        }
        let mut placed: Vec<Vec<Option<TileId>>> = wanted.iter().map(|w| vec![None; w.tiles.len()]).collect();
        // First the elements that stay in their list…
        for (want, ids) in wanted.iter().zip(placed.iter_mut()) {
            for (tile, slot) in want.tiles.iter().zip(ids.iter_mut()) {
                let Some(info) = queues.get(tile.queue) else { continue };
                if let Some(list) = existing.get_mut(&info.key) {
                    if let Some(at) = list.iter().position(|(key, _)| *key == want.key) {
                        *slot = Some(list.remove(at).1);
                    }
                }
            }
        }
        // …then the ones that travel from another list, then new ones.
        for (want, ids) in wanted.iter().zip(placed.iter_mut()) {
            for (tile, slot) in want.tiles.iter().zip(ids.iter_mut()) {
                if slot.is_some() {
                    continue;
                }
                let Some(info) = queues.get(tile.queue) else { continue };
                let travelling = existing.get_mut(&info.key).filter(|l| !l.is_empty()).map(|l| l.remove(0).1);
                *slot = travelling.or_else(|| new_tile(&mut self.tiles, &mut self.free, doc, info));
            }
        }
        // What nobody wants any more goes (after the new ones took their ids).
        let unused: Vec<TileId> = existing.into_values().flatten().map(|(_, id)| id).collect();
        self.remove_tiles(unused);
        placed
    }

    /// Like [`Board::place_tiles`], in place: every list keeps its elements
    /// in order, each showing the queue now at its place; the elements a list no longer
    /// needs go to the lists that need more, and only what is still missing is created. A
    /// list that `waits` keeps its elements as they are (its ids are returned as they are).
    fn place_in_place(
        &mut self,
        doc: &Document,
        wanted: &[Wanted],
        waits: &[bool],
        queues: &[QueueInfo],
    ) -> Vec<Vec<Option<TileId>>> {
        let mut old: HashMap<&str, &[TileId]> = self
            .lanes
            .iter()
            .map(|l| (l.key.as_str(), l.slot.tiles.as_slice()))
            .chain(self.tray.iter().map(|t| (TRAY, t.tiles.as_slice())))
            .collect();
        let mut placed: Vec<Vec<Option<TileId>>> = Vec::with_capacity(wanted.len());
        let mut spare: Vec<TileId> = Vec::new();
        for (want, &waits) in wanted.iter().zip(waits) {
            let mine = old.remove(want.key.as_str()).unwrap_or_default();
            if waits {
                placed.push(mine.iter().copied().map(Some).collect());
                continue;
            }
            let keep = want.tiles.len().min(mine.len());
            placed.push(
                mine[..keep].iter().copied().map(Some).chain(std::iter::repeat(None)).take(want.tiles.len()).collect(),
            );
            spare.extend_from_slice(&mine[keep..]);
        }
        // Lists that are gone leave their elements too.
        for ids in old.into_values() {
            spare.extend_from_slice(ids);
        }
        spare.reverse();
        for ((want, ids), _) in wanted.iter().zip(placed.iter_mut()).zip(waits).filter(|(_, &waits)| !waits) {
            for (tile, slot) in want.tiles.iter().zip(ids.iter_mut()) {
                let Some(info) = queues.get(tile.queue) else { continue };
                let id = match slot.take().or_else(|| spare.pop()) {
                    Some(id) => Some(id),
                    None => new_tile(&mut self.tiles, &mut self.free, doc, info),
                };
                if let Some(Some(el)) = id.and_then(|id| self.tiles.get_mut(id)) {
                    if el.key != info.key {
                        let _ = el.li.set_attribute(TILE_ATTR, &info.key);
                        el.key = info.key.clone();
                    }
                }
                *slot = id;
            }
        }
        self.remove_tiles(spare);
        placed
    }

    /// Removes the elements `ids` and frees their ids.
    fn remove_tiles(&mut self, ids: Vec<TileId>) {
        for id in ids {
            if let Some(tile) = self.tiles.get_mut(id).and_then(Option::take) {
                tile.li.remove();
                self.free.push(id);
            }
        }
    }

    /// Calls `wake` when a lane that waits comes into view while parked (see
    /// [`super::parking`]): it must be drawn before it is rendered.
    pub fn on_wake(&self, wake: std::rc::Rc<dyn Fn()>) {
        self.parking.on_wake(wake);
    }

    /// Whether some lane waits to be drawn.
    pub fn has_waiting(&self) -> bool {
        self.parking.has_waiting()
    }
}

/// A new tile element for `info`'s queue in `tiles` (taking a `free` id first), and its id
/// (`None` if the browser would not make an element).
fn new_tile(
    tiles: &mut Vec<Option<TileEl>>,
    free: &mut Vec<TileId>,
    doc: &Document,
    info: &QueueInfo,
) -> Option<TileId> {
    let li = element(doc, "li", "")?.dyn_into::<HtmlElement>().ok()?;
    let _ = li.set_attribute(TILE_ATTR, &info.key);
    let id = free.pop().unwrap_or(tiles.len());
    let tile = TileEl { li, key: info.key.clone(), look: None };
    if id == tiles.len() {
        tiles.push(Some(tile));
    } else {
        tiles[id] = Some(tile);
    }
    Some(id)
}

/// Puts the lanes' `<li>`s in `lanes` order, moving only the ones out of place.
/// `current` is the order of the lane keys in the list now.
fn order_lanes(ul: &Element, lanes: &[LaneEl], mut current: Vec<String>) {
    let wanted: std::collections::HashSet<&str> = lanes.iter().map(|l| l.key.as_str()).collect();
    current.retain(|k| wanted.contains(k.as_str()));
    let by_key: HashMap<&str, &Element> = lanes.iter().map(|l| (l.key.as_str(), &l.li)).collect();
    for (i, lane) in lanes.iter().enumerate() {
        if current.get(i).map(String::as_str) == Some(lane.key.as_str()) {
            continue;
        }
        let before = current.get(i).and_then(|k| by_key.get(k.as_str())).map(|el| el.unchecked_ref::<web_sys::Node>());
        let _ = ul.insert_before(&lane.li, before);
        if let Some(at) = current.iter().position(|k| *k == lane.key) {
            current.remove(at);
        }
        current.insert(i, lane.key.clone());
    }
}

/// Puts the tiles `ids` into `slot`'s list in that order, moving only the elements that
/// are out of place (an element in another list is moved here by the same call).
fn order_tiles(slot: &mut Slot, ids: &[TileId], tiles: &[Option<TileEl>]) {
    let here: std::collections::HashSet<TileId> = ids.iter().copied().collect();
    slot.tiles.retain(|id| here.contains(id));
    let li = |id: TileId| tiles.get(id).and_then(Option::as_ref).map(|t| &t.li);
    for (i, &id) in ids.iter().enumerate() {
        if slot.tiles.get(i) == Some(&id) {
            continue;
        }
        let Some(el) = li(id) else { continue };
        let before: Option<&web_sys::Node> = match slot.tiles.get(i) {
            Some(&next) => li(next).map(|e| e.unchecked_ref()),
            None => slot.extras.first().map(|e| e.unchecked_ref()),
        };
        let _ = slot.ul.insert_before(el, before);
        if let Some(at) = slot.tiles.iter().position(|&t| t == id) {
            slot.tiles.remove(at);
        }
        slot.tiles.insert(i, id);
    }
    slot.tiles.truncate(ids.len());
}
