//! FLIP ("First, Last, Invert, Play") for the queue tiles: before a change the page records
//! where each queue's tile is ([`Flip::snapshot`]); after [`super::board::Board::render`]
//! has drawn the new lanes, [`Flip::play`] measures again and starts, for each tile whose
//! queue moved, a Web Animation from `translate(dx, dy)` (where the queue was) to `none`
//! (where it is). Places go by queue, not by element: the board draws a change in place
//! (an element keeps its place and shows another queue), so the element that travels is the
//! one showing the queue now, starting where the queue was. Tiles are the board's own
//! elements and queues their keys, so nothing is looked up in the DOM by selector or
//! attribute.
//!
//! A lane that only shifted in the grid (a member before it joined or left) travels as one
//! element, carrying its tiles: a tile animates only by what it moved *relative to its
//! lane*, so a tile that stays in its place in a lane that shifts does not animate at all.
//! Both animations have the same duration and easing, so a tile that does both (it changed
//! lanes, and its new lane shifted) still moves on a straight line from where it was to
//! where it is. This keeps the animations per change to the lanes on screen plus the tiles
//! that really moved (BENCHMARKS.md, "Playground repaint and first render").
//!
//! A burst of changes (the next one comes less than [`BURST_MS`] after the last: a slider
//! being dragged, a key held down, a button clicked again and again) does not travel: each
//! change of the burst cancels the travel still running and the tiles go straight to their
//! new lanes, still highlighted as moved. A travel restarted on every input of a drag never
//! arrives anyway (a drag delivers an input every frame or two, a travel takes
//! [`DURATION_MS`]), and on a device without GPU compositing those restarts cost more than the
//! drawing itself (BENCHMARKS.md, "Playground repaint and first render"). A single change, or the first of a
//! burst, travels.
//!
//! Web Animations (`element.animate`) leave no inline style behind and need no forced style
//! flush between "invert" and "play"; a strict CSP allows them. With
//! `prefers-reduced-motion: reduce` nothing travels; the moved tiles are only highlighted
//! (a class, drawn by CSS).

use std::collections::HashMap;

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Animation, Element};
use yew::AttrValue;

use super::board::{Board, List};

#[wasm_bindgen]
extern "C" {
    /// An element seen as `Animatable`: web-sys has `element.animate(keyframes, options)`
    /// only behind its unstable-APIs cfg, though every current browser ships it.
    type Animatable;
    #[wasm_bindgen(method)]
    fn animate(this: &Animatable, keyframes: &js_sys::Array, options: &js_sys::Object) -> Animation;
}

/// How long a tile travels, in ms: long enough to follow with the eye (reduced motion skips it).
const DURATION_MS: u32 = 800;
/// A change less than this many ms after the last one is part of a burst and does not
/// travel (see the module docs).
pub const BURST_MS: f64 = 150.0;
/// Above this many tiles the page does not animate (it would cost more than it shows).
const MAX_ANIMATED: usize = 2_048;

/// How far outside the viewport a tile from a parked lane starts, in CSS pixels.
const OFF_SCREEN: f64 = 48.0;

/// Where a queue's tile was before the change, relative to the board.
#[derive(Clone, Copy, Debug)]
struct First {
    /// NaN: not known (the tile keeps its new x and only travels vertically).
    x: f64,
    y: f64,
    /// Measured on screen (else: the position of its lane, which was off screen).
    seen: bool,
}

/// The positions recorded before a change, and the animations running.
#[derive(Default)]
pub struct Flip {
    /// Where each queue's tiles were before the change, by queue key: the index of the list
    /// in [`Flip::was`] and the place, in list order.
    first: HashMap<AttrValue, Vec<(usize, First)>>,
    /// The keys of the lists before the change.
    was: Vec<String>,
    /// Position of each lane measured on screen before the change, by key.
    lanes: Vec<(String, f64, f64)>,
    armed: bool,
    /// The last change was one of a burst.
    burst: bool,
    /// The animations started by the last [`Flip::play`] (cancelled by the next one).
    running: Vec<Animation>,
    /// When the last change was announced ([`Flip::snapshot`]), in ms since the epoch.
    last_change: Option<f64>,
}

/// Whether a change at `now` follows the one at `last` closely enough to be part of a burst
/// (a clock that went backwards is no burst).
fn in_burst(last: Option<f64>, now: f64) -> bool {
    last.is_some_and(|last| (0.0..BURST_MS).contains(&(now - last)))
}

/// `true` when the reader asked for less motion.
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The viewport's height in CSS pixels.
fn viewport() -> f64 {
    web_sys::window().and_then(|w| w.inner_height().ok()?.as_f64()).unwrap_or(f64::MAX)
}

/// Whether a box from `top` to `bottom` (viewport coordinates) is on screen.
fn on_screen(top: f64, bottom: f64, viewport: f64) -> bool {
    top < viewport && bottom > 0.0
}

/// Pairs each tile shown now with a place its queue had before (`first`, whose list keys
/// are `was`), as the board's following placement pairs elements: a queue its list showed
/// before too keeps that place; the others take the first place of their queue left, in
/// list order. `shows` holds each list's key and queue keys; the result has one entry per
/// tile (`None`: a new tile, nothing to travel from).
fn pair<'a>(
    mut first: HashMap<AttrValue, Vec<(usize, First)>>,
    was: &[String],
    shows: impl Iterator<Item = (&'a str, &'a [AttrValue])> + Clone,
) -> Vec<Vec<Option<First>>> {
    let mut from: Vec<Vec<Option<First>>> = shows.clone().map(|(_, keys)| vec![None; keys.len()]).collect();
    for same_list in [true, false] {
        for ((list, keys), from) in shows.clone().zip(from.iter_mut()) {
            for (key, slot) in keys.iter().zip(from.iter_mut()) {
                let Some(places) = first.get_mut(key).filter(|_| slot.is_none()) else { continue };
                let at = if same_list {
                    places.iter().position(|&(i, _)| was.get(i).is_some_and(|k| k == list))
                } else {
                    (!places.is_empty()).then_some(0)
                };
                *slot = at.map(|at| places.remove(at).1);
            }
        }
    }
    from
}

impl Flip {
    /// Records where the tiles are ("First"): where each is seen now, so a tile still
    /// travelling from the last change starts from where it is. Only lanes on screen are
    /// measured tile by tile. A tile in a lane off screen gets its lane's corner, and a tile
    /// in a parked lane (see [`super::parking`]) a point just above or below the viewport:
    /// all a tile flying in from off screen needs (a tile that stays off screen never moves).
    /// Places are recorded by queue (what each list shows), not by element: the board may
    /// show another queue in an element next time. Nothing is recorded for a change in a
    /// burst (see the module docs).
    pub fn snapshot(&mut self, container: &Element, board: &Board) {
        self.first.clear();
        self.was.clear();
        self.lanes.clear();
        self.armed = false;
        let now = js_sys::Date::now();
        let burst = in_burst(self.last_change.replace(now), now);
        self.burst = burst;
        if burst || reduced_motion() || board.capacity() > MAX_ANIMATED {
            return;
        }
        let viewport = viewport();
        let origin = container.get_bounding_client_rect();
        let (left, top) = (origin.left(), origin.top());
        // Parked lanes are not measured: before the first lane on screen they are above it,
        // after it below.
        let (above, below) = (-top - OFF_SCREEN, viewport - top + OFF_SCREEN);
        let mut seen_any = false;
        for (index, list) in board.lists().enumerate() {
            self.was.push(list.key.to_owned());
            let place = if list.parked {
                let y = if seen_any { below } else { above };
                Some(First { x: f64::NAN, y, seen: false })
            } else {
                seen_any = true;
                let lane = list.el.get_bounding_client_rect();
                let seen = on_screen(lane.top(), lane.bottom(), viewport);
                if seen {
                    self.lanes.push((list.key.to_owned(), lane.left() - left, lane.top() - top));
                }
                (!seen).then(|| First { x: lane.left() - left, y: lane.top() - top, seen: false })
            };
            for (i, key) in list.shows.iter().enumerate() {
                let at = match place {
                    Some(at) => at,
                    None => {
                        let Some(li) = list.tiles.get(i) else { continue };
                        let rect = li.get_bounding_client_rect();
                        First { x: rect.left() - left, y: rect.top() - top, seen: true }
                    }
                };
                self.first.entry(key.clone()).or_default().push((index, at));
            }
        }
        self.armed = true;
    }

    /// Whether the last change recorded was one of a burst (it does not travel).
    pub fn in_burst(&self) -> bool {
        self.burst
    }

    /// After the new render: each tile that moved travels from where its queue was (see
    /// [`pair`]). Only tiles that start or end on screen travel; the others just jump. A
    /// travel still running stops first: its tile is somewhere else now.
    pub fn play(&mut self, container: &Element, board: &Board) {
        // "Last": the layout positions, without the transforms of animations still running.
        for animation in self.running.drain(..) {
            animation.cancel();
        }
        if !std::mem::replace(&mut self.armed, false) {
            return;
        }
        let lists: Vec<List> = board.lists().collect();
        let from = pair(std::mem::take(&mut self.first), &self.was, lists.iter().map(|l| (l.key, l.shows)));
        let lanes_first = std::mem::take(&mut self.lanes);
        let viewport = viewport();
        let origin = container.get_bounding_client_rect();
        let (left, top) = (origin.left(), origin.top());
        let mut moving: Vec<(&Element, f64, f64)> = Vec::new();
        for (list, from) in lists.iter().zip(&from) {
            // A parked lane's tiles are not drawn: nothing to see, and measuring them would
            // force their layout.
            if list.parked {
                continue;
            }
            let lane = list.el.get_bounding_client_rect();
            let lane_seen = on_screen(lane.top(), lane.bottom(), viewport);
            // How far the lane itself travels (a lane measured on screen before the change).
            let (lx, ly) = lanes_first
                .iter()
                .find(|(k, _, _)| k == list.key)
                .map_or((0.0, 0.0), |(_, x, y)| (x - (lane.left() - left), y - (lane.top() - top)));
            if lx.abs() >= 0.5 || ly.abs() >= 0.5 {
                moving.push((list.el, lx, ly));
            }
            for (li, from) in list.tiles.iter().zip(from) {
                let Some(from) = from else { continue };
                // A tile that ends off screen travels only if it was seen leaving.
                if !lane_seen && !from.seen {
                    continue;
                }
                let rect = li.get_bounding_client_rect();
                // A tile from a parked lane comes straight down (or up) into its place.
                let x = if from.x.is_nan() { rect.left() - left } else { from.x };
                // Relative to its lane, which carries it by (lx, ly).
                let (dx, dy) = (x - (rect.left() - left) - lx, from.y - (rect.top() - top) - ly);
                if dx.abs() < 0.5 && dy.abs() < 0.5 {
                    continue;
                }
                let ends_seen = on_screen(rect.top(), rect.bottom(), viewport);
                if ends_seen || from.seen {
                    moving.push((li, dx, dy));
                }
            }
        }
        if moving.is_empty() {
            return;
        }
        // "Invert" and "Play" in one: each tile animates from where it was to where it is.
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &JsValue::from_str("duration"), &JsValue::from(DURATION_MS));
        let _ = js_sys::Reflect::set(&options, &JsValue::from_str("easing"), &JsValue::from_str("ease-in-out"));
        let transform = JsValue::from_str("transform");
        let arrived = keyframe(&transform, "none");
        for (li, dx, dy) in moving {
            let keyframes =
                js_sys::Array::of2(&keyframe(&transform, &format!("translate({dx:.1}px, {dy:.1}px)")), &arrived);
            self.running.push(li.unchecked_ref::<Animatable>().animate(&keyframes, &options));
        }
    }

    /// Stops every running animation (the board is going away).
    pub fn cancel(&mut self) {
        for animation in self.running.drain(..) {
            animation.cancel();
        }
        self.armed = false;
    }
}

/// A keyframe `{ transform: value }`.
fn keyframe(property: &JsValue, transform: &str) -> js_sys::Object {
    let frame = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&frame, property, &JsValue::from_str(transform));
    frame
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use yew::AttrValue;

    use super::{in_burst, pair, First, BURST_MS};

    fn at(x: f64) -> First {
        First { x, y: 0.0, seen: true }
    }

    /// `pair` for lists `now` (key, queues) after `before` (key, [(queue, x)]): the x each
    /// tile travels from.
    fn paired(before: &[(&str, &[(&'static str, f64)])], now: &[(&str, &[&'static str])]) -> Vec<Vec<Option<f64>>> {
        let was: Vec<String> = before.iter().map(|(key, _)| (*key).to_owned()).collect();
        let mut first: HashMap<AttrValue, Vec<(usize, First)>> = HashMap::new();
        for (i, (_, tiles)) in before.iter().enumerate() {
            for &(queue, x) in *tiles {
                first.entry(AttrValue::Static(queue)).or_default().push((i, at(x)));
            }
        }
        let shows: Vec<(&str, Vec<AttrValue>)> =
            now.iter().map(|(key, queues)| (*key, queues.iter().map(|q| AttrValue::Static(q)).collect())).collect();
        let from = pair(first, &was, shows.iter().map(|(key, queues)| (*key, queues.as_slice())));
        from.into_iter().map(|list| list.into_iter().map(|f| f.map(|f| f.x)).collect()).collect()
    }

    #[test]
    fn a_tile_travels_from_where_its_queue_was() {
        // Q1 moves from A to B; Q0 stays in A (at another place); Q9 is new.
        let from = paired(&[("A", &[("q0", 0.0), ("q1", 1.0)]), ("B", &[])], &[("A", &["q0"]), ("B", &["q1", "q9"])]);
        assert_eq!(from, vec![vec![Some(0.0)], vec![Some(1.0), None]]);
    }

    #[test]
    fn a_queue_its_list_still_shows_keeps_its_place_first() {
        // BROADCASTING: q0 in A and B. Now C comes first and A is gone: B keeps its own
        // place, C takes the one left (A's), though C comes before B.
        let from = paired(&[("A", &[("q0", 0.0)]), ("B", &[("q0", 5.0)])], &[("C", &["q0"]), ("B", &["q0"])]);
        assert_eq!(from, vec![vec![Some(0.0)], vec![Some(5.0)]]);
        // A list that still shows its queue keeps it even when a list before it wants it.
        let from = paired(&[("A", &[("q0", 0.0)])], &[("C", &["q0"]), ("A", &["q0"])]);
        assert_eq!(from, vec![vec![None], vec![Some(0.0)]]);
        // Two places left for three tiles: the first two in list order take them.
        let from =
            paired(&[("A", &[("q0", 0.0)]), ("B", &[("q0", 5.0)])], &[("C", &["q0"]), ("D", &["q0"]), ("E", &["q0"])]);
        assert_eq!(from, vec![vec![Some(0.0)], vec![Some(5.0)], vec![None]]);
    }

    #[test]
    fn a_change_soon_after_the_last_is_a_burst() {
        assert!(!in_burst(None, 1_000.0), "the first change travels");
        assert!(in_burst(Some(1_000.0), 1_000.0));
        assert!(in_burst(Some(1_000.0), 1_000.0 + BURST_MS - 1.0));
        assert!(!in_burst(Some(1_000.0), 1_000.0 + BURST_MS), "a pause of BURST_MS ends the burst");
        assert!(!in_burst(Some(1_000.0), 500.0), "a clock that went back is no burst");
        assert!(!in_burst(Some(f64::NAN), 1_000.0));
    }
}
