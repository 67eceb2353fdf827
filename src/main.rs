//! The site's entry point: install the panic banner, then mount [`rebalance_lab::App`].

fn main() {
    rebalance_lab::panic_banner::install();
    match rebalance_lab::mount_point() {
        Some(root) => yew::Renderer::<rebalance_lab::App>::with_root(root).render(),
        None => yew::Renderer::<rebalance_lab::App>::new().render(),
    };
}
