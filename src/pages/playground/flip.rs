//! FLIP ("First, Last, Invert, Play") for the queue tiles: before a change the page records
//! where every tile is ([`Flip::snapshot`]); after Yew has moved the keyed tiles to their new
//! lanes, [`Flip::play`] measures again and starts, for each tile that moved, a Web Animation
//! from `translate(dx, dy)` (where it was) to `none` (where it is).
//!
//! Web Animations (`element.animate`) leave no inline style behind and need no forced style
//! flush between "invert" and "play" (an earlier version set `transform` and `transition`
//! through the CSSOM: two style recalculations of every moving tile per change, then a timer
//! to clean up). A strict CSP allows them. With `prefers-reduced-motion: reduce` nothing
//! travels; the moved tiles are only highlighted (a class, drawn by CSS).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Animation, Element, HtmlElement};

#[wasm_bindgen]
extern "C" {
    /// An element seen as `Animatable`: web-sys has `element.animate(keyframes, options)`
    /// only behind its unstable-APIs cfg, though every current browser ships it.
    type Animatable;
    #[wasm_bindgen(method)]
    fn animate(this: &Animatable, keyframes: &js_sys::Array, options: &js_sys::Object) -> Animation;
}
use yew::NodeRef;

/// The attribute that names a tile's queue (its stable key).
pub const FLIP_ATTR: &str = "data-flip";
/// How long a tile travels, in ms (the CSS transition uses the same value).
const DURATION_MS: u32 = 400;
/// Above this many tiles the page does not animate (it would cost more than it shows).
const MAX_ANIMATED: usize = 2_048;

/// The lanes' container and the positions recorded before a change.
#[derive(Default)]
pub struct Flip {
    /// The element holding every tile (lanes and tray).
    pub container: NodeRef,
    first: RefCell<HashMap<String, (f64, f64)>>,
    armed: RefCell<bool>,
    /// The animations started by the last [`Flip::play`] (cancelled by the next one).
    running: RefCell<Vec<Animation>>,
}

/// A cheap handle for props: equal when it is the same [`Flip`].
#[derive(Clone, Default)]
pub struct FlipHandle(pub Rc<Flip>);

impl PartialEq for FlipHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// The attribute that names a tile's lane (`cid#copy`, or `tray`).
pub const LANE_ATTR: &str = "data-lane";

fn elements<T: JsCast>(parent: &Element, selector: &str) -> Vec<T> {
    let Ok(list) = parent.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<T>().ok()).collect()
}

/// Every tile with its identities: `lane\u{1}queue` (exact) and `queue` (any lane). The same
/// queue can sit in several lanes (BROADCASTING, CONFIG, a cid conflict): a copy that stays
/// in its lane must not fly in from another lane's copy.
fn tiles(container: &Element) -> Vec<(HtmlElement, String, String)> {
    elements::<Element>(container, &format!("[{LANE_ATTR}]"))
        .into_iter()
        .flat_map(|lane| {
            let name = lane.get_attribute(LANE_ATTR).unwrap_or_default();
            elements::<HtmlElement>(&lane, &format!("[{FLIP_ATTR}]")).into_iter().filter_map(move |tile| {
                let key = tile.get_attribute(FLIP_ATTR)?;
                Some((tile, format!("{name}\u{1}{key}"), key))
            })
        })
        .collect()
}

/// `true` when the reader asked for less motion.
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

impl Flip {
    /// Records every tile's position relative to the container ("First").
    pub fn snapshot(&self) {
        let mut first = self.first.borrow_mut();
        first.clear();
        if reduced_motion() {
            return;
        }
        let Some(container) = self.container.cast::<Element>() else { return };
        let tiles = tiles(&container);
        if tiles.len() > MAX_ANIMATED {
            return;
        }
        let origin = container.get_bounding_client_rect();
        for (tile, exact, key) in tiles {
            let rect = tile.get_bounding_client_rect();
            let at = (rect.left() - origin.left(), rect.top() - origin.top());
            first.insert(exact, at);
            first.entry(key).or_insert(at);
        }
        *self.armed.borrow_mut() = true;
    }

    /// After the new render: moves each tile back to its recorded place, then lets it travel.
    /// Only tiles that start or end inside the viewport travel; the others just jump.
    pub fn play(&self) {
        if !std::mem::replace(&mut *self.armed.borrow_mut(), false) {
            return;
        }
        let Some(container) = self.container.cast::<Element>() else { return };
        let first = std::mem::take(&mut *self.first.borrow_mut());
        // "Last": the layout positions, without the transforms of animations still running.
        for animation in self.running.borrow_mut().drain(..) {
            animation.cancel();
        }
        let viewport = web_sys::window().and_then(|w| w.inner_height().ok()?.as_f64()).unwrap_or(f64::MAX);
        let origin = container.get_bounding_client_rect();
        let moving: Vec<(HtmlElement, f64, f64)> = tiles(&container)
            .into_iter()
            .filter_map(|(tile, exact, key)| {
                let &(x, y) = first.get(&exact).or_else(|| first.get(&key))?;
                let rect = tile.get_bounding_client_rect();
                let (dx, dy) = (x - (rect.left() - origin.left()), y - (rect.top() - origin.top()));
                let visible = |top: f64| top < viewport && top + rect.height() > 0.0;
                let travels = (dx.abs() >= 0.5 || dy.abs() >= 0.5) && (visible(rect.top()) || visible(rect.top() + dy));
                travels.then_some((tile, dx, dy))
            })
            .collect();
        if moving.is_empty() {
            return;
        }
        // "Invert" and "Play" in one: each tile animates from where it was to where it is.
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &JsValue::from_str("duration"), &JsValue::from(DURATION_MS));
        let _ = js_sys::Reflect::set(&options, &JsValue::from_str("easing"), &JsValue::from_str("ease-in-out"));
        let arrived = keyframe("none");
        let mut running = self.running.borrow_mut();
        for (tile, dx, dy) in moving {
            let keyframes = js_sys::Array::of2(&keyframe(&format!("translate({dx:.1}px, {dy:.1}px)")), &arrived);
            running.push(tile.unchecked_ref::<Animatable>().animate(&keyframes, &options));
        }
    }
}

/// A keyframe `{ transform: value }`.
fn keyframe(transform: &str) -> js_sys::Object {
    let frame = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&frame, &JsValue::from_str("transform"), &JsValue::from_str(transform));
    frame
}
