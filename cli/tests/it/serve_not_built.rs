//! `nullmove serve` in a build without the `serve` feature (`cargo test -p nullmove
//! --no-default-features`): it says, in one line, how to get a build that serves.

use nullmove::commands::serve::NOT_BUILT;

use crate::support::rejects;

#[test]
fn serve_without_the_feature_exits_2_saying_how_to_install_it() {
    assert!(
        NOT_BUILT.contains("cargo install --path cli"),
        "{NOT_BUILT}"
    );
    rejects(&["serve"], NOT_BUILT);
    rejects(&["serve", "--port", "0", "--host", "localhost"], NOT_BUILT);
}
