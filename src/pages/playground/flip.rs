//! FLIP ("First, Last, Invert, Play") for the queue tiles: before a change the page records
//! where every tile is ([`Flip::snapshot`]); after Yew has moved the keyed tiles to their new
//! lanes, [`Flip::play`] measures again, puts each moved tile back where it was with
//! `transform: translate(dx, dy)` and lets a CSS transition carry it to its new place.
//!
//! Everything goes through the CSSOM (`style().set_property`), which a strict CSP allows
//! (no `style=` attribute is ever rendered). With `prefers-reduced-motion: reduce` nothing
//! travels; the moved tiles are only highlighted (a class, drawn by CSS).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
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
    /// Tiles that carry an inline transform or transition right now.
    styled: Rc<RefCell<Vec<HtmlElement>>>,
    cleanup: RefCell<Option<Timeout>>,
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

/// Removes the inline transform and transition and the `style` attribute they made.
///
/// Chromium writes CSSOM changes back to the `style` attribute lazily: removing the attribute
/// while that write-back is pending left a stray `style=""` (seen in e2e about one run in
/// seven). Emptying the declaration first and reading the attribute (which flushes the
/// write-back) before removing it leaves nothing behind.
fn clear_style(tile: &HtmlElement) {
    let style = tile.style();
    let _ = style.remove_property("transition");
    let _ = style.remove_property("transform");
    let _ = tile.get_attribute("style");
    let _ = tile.remove_attribute("style");
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
        let Some(container) = self.container.cast::<Element>() else { return };
        let tiles = tiles(&container);
        let mut first = self.first.borrow_mut();
        first.clear();
        if tiles.len() > MAX_ANIMATED || reduced_motion() {
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
        // "Last": the layout positions, without any transform left from a previous run.
        for tile in self.styled.borrow_mut().drain(..) {
            clear_style(&tile);
        }
        let viewport = web_sys::window().and_then(|w| w.inner_height().ok()?.as_f64()).unwrap_or(f64::MAX);
        // Read every position first, then write: no layout is forced in between.
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
        // "Invert": back to where it was, without a transition.
        for (tile, dx, dy) in &moving {
            let style = tile.style();
            let _ = style.set_property("transition", "none");
            let _ = style.set_property("transform", &format!("translate({dx:.1}px, {dy:.1}px)"));
        }
        // Apply the inverted positions before starting the transition.
        let _ = container.get_bounding_client_rect();
        // "Play": transition to the new place.
        let mut styled = self.styled.borrow_mut();
        for (tile, _, _) in moving {
            let style = tile.style();
            let _ = style.set_property("transition", &format!("transform {DURATION_MS}ms ease-in-out"));
            let _ = style.set_property("transform", "none");
            styled.push(tile);
        }
        // Leave no inline style behind once the tiles have arrived.
        let styled = Rc::clone(&self.styled);
        *self.cleanup.borrow_mut() = Some(Timeout::new(DURATION_MS + 100, move || {
            for tile in styled.borrow_mut().drain(..) {
                clear_style(&tile);
            }
        }));
    }
}
