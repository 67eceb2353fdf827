//! Parking: while the reader keeps changing the group (dragging a slider, clicking Add
//! again and again), lanes scrolled out of view do not render their contents
//! (`content-visibility: hidden` through the `is-parked` class, see playground.css; the lane
//! keeps its last size), so a change costs the browser only the lanes on screen. The DOM is still updated everywhere;
//! when the input pauses ([`super::lanes`] waits [`PAUSE_MS`]) every lane is rendered again,
//! so at rest the whole board is there for assistive technology and find-in-page.
//!
//! Which lanes are out of view comes from an `IntersectionObserver` on the lanes.
//!
//! A parked lane may *wait*: a change in a burst leaves it as it was (see
//! [`super::board`]), so it must be drawn before it renders again. Rendering everything
//! again goes through [`super::lanes::Stage`], which draws first; and a waiting lane that
//! scrolls into view stays parked and calls the wake hook ([`Parking::on_wake`]), which does
//! the same at once.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};

use super::board::LANE_ATTR;

/// How long the input must pause before parked lanes are rendered again, in ms.
pub const PAUSE_MS: u32 = 300;
/// The class that stops a lane's contents from rendering.
const PARKED: &str = "is-parked";

#[derive(Default)]
struct State {
    /// Keys of the lanes the observer last saw outside the viewport.
    off_screen: HashSet<String>,
    /// The reader is changing things: off-screen lanes are parked.
    busy: bool,
    /// Keys of the lanes left as they were by the last change (drawn before they render).
    waiting: HashSet<String>,
    /// Called when a waiting lane comes into view while parked.
    wake: Option<Rc<dyn Fn()>>,
}

/// The observer and what it has seen.
#[derive(Default)]
pub struct Parking {
    observer: Option<IntersectionObserver>,
    _on_change: Option<Closure<dyn FnMut(js_sys::Array)>>,
    state: Rc<RefCell<State>>,
}

impl Parking {
    fn observer(&mut self) -> Option<&IntersectionObserver> {
        if self.observer.is_none() {
            let state = Rc::clone(&self.state);
            let on_change = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                let Ok(mut state) = state.try_borrow_mut() else { return };
                let mut woken = false;
                for entry in entries.iter() {
                    let Ok(entry) = entry.dyn_into::<IntersectionObserverEntry>() else { continue };
                    let lane = entry.target();
                    let Some(key) = lane.get_attribute(LANE_ATTR) else { continue };
                    let off = !entry.is_intersecting();
                    // A lane scrolled into view while parked comes back at once, unless it
                    // waits to be drawn: then the wake hook draws it and brings it back.
                    if !off && state.waiting.contains(&key) {
                        woken = true;
                    } else if state.busy || !off {
                        let _ = lane.class_list().toggle_with_force(PARKED, off && state.busy);
                    }
                    if off {
                        state.off_screen.insert(key);
                    } else {
                        state.off_screen.remove(&key);
                    }
                }
                let wake = state.wake.clone().filter(|_| woken);
                drop(state);
                if let Some(wake) = wake {
                    wake();
                }
            });
            let options = IntersectionObserverInit::new();
            options.set_root_margin("64px 0px");
            self.observer = IntersectionObserver::new_with_options(on_change.as_ref().unchecked_ref(), &options).ok();
            self._on_change = Some(on_change);
        }
        self.observer.as_ref()
    }

    /// Starts watching a new lane.
    pub fn observe(&mut self, lane: &Element) {
        if let Some(observer) = self.observer() {
            observer.observe(lane);
        }
    }

    /// Stops watching a lane that is gone.
    pub fn forget(&mut self, lane: &Element, key: &str) {
        if let Some(observer) = &self.observer {
            observer.unobserve(lane);
        }
        if let Ok(mut state) = self.state.try_borrow_mut() {
            state.off_screen.remove(key);
            state.waiting.remove(key);
        }
    }

    /// Stops watching everything (the board was rebuilt).
    pub fn clear(&mut self) {
        if let Some(observer) = &self.observer {
            observer.disconnect();
        }
        if let Ok(mut state) = self.state.try_borrow_mut() {
            state.off_screen.clear();
            state.waiting.clear();
            state.busy = false;
        }
    }

    /// Marks the lane `key` as waiting to be drawn.
    pub fn wait(&self, key: &str) {
        let Ok(mut state) = self.state.try_borrow_mut() else { return };
        if !state.waiting.contains(key) {
            state.waiting.insert(key.to_owned());
        }
    }

    /// The lane `key` (element `lane`) has been drawn: if it waited, it may render again
    /// unless it is parked (a waiting lane that came into view stayed parked).
    pub fn drawn(&self, key: &str, lane: &Element) {
        let Ok(mut state) = self.state.try_borrow_mut() else { return };
        if state.waiting.remove(key) && !(state.busy && state.off_screen.contains(key)) {
            let _ = lane.class_list().remove_1(PARKED);
        }
    }

    /// Whether some lane waits to be drawn.
    pub fn has_waiting(&self) -> bool {
        self.state.try_borrow().is_ok_and(|s| !s.waiting.is_empty())
    }

    /// Sets the hook called when a waiting lane comes into view while parked.
    pub fn on_wake(&self, wake: Rc<dyn Fn()>) {
        if let Ok(mut state) = self.state.try_borrow_mut() {
            state.wake = Some(wake);
        }
    }

    /// Whether the lane `key` is parked now.
    pub fn is_parked(&self, key: &str) -> bool {
        self.state.try_borrow().is_ok_and(|s| s.busy && s.off_screen.contains(key))
    }

    /// Whether the lane `key` is out of view: parked while the reader is changing things
    /// (right after [`Parking::set_busy`]`(true)`, whether or not it has been called yet).
    pub fn is_off_screen(&self, key: &str) -> bool {
        self.state.try_borrow().is_ok_and(|s| s.off_screen.contains(key))
    }

    /// Parks (`busy`) or renders again (`!busy`) the off-screen lanes among `lanes`. The
    /// caller draws the waiting lanes right after rendering them again, in the same task.
    pub fn set_busy<'a>(&self, busy: bool, lanes: impl Iterator<Item = (&'a str, &'a Element)>) {
        let Ok(mut state) = self.state.try_borrow_mut() else { return };
        if state.busy == busy {
            return;
        }
        state.busy = busy;
        for (key, lane) in lanes {
            if state.off_screen.contains(key) {
                let _ = lane.class_list().toggle_with_force(PARKED, busy);
            }
        }
    }
}

impl Drop for Parking {
    /// The callback is dropped with the observer: empty its queue first, so the browser never
    /// calls a closure that is gone.
    fn drop(&mut self) {
        if let Some(observer) = &self.observer {
            let _ = observer.take_records();
            observer.disconnect();
        }
    }
}
