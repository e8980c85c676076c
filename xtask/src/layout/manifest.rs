//! What the layout check takes of a member's manifest, as `cargo metadata` reads it
//! ([`crate::metadata`]): its name and the packages it depends on, split into the code's
//! dependencies and the tests'.

use crate::metadata::Package;

/// A member's manifest, as far as the layers go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    /// `[package] name`.
    pub name: String,
    /// The packages of `[dependencies]` and `[build-dependencies]` (any target's), in order.
    pub dependencies: Vec<String>,
    /// The packages of `[dev-dependencies]` (any target's), in order.
    pub dev_dependencies: Vec<String>,
}

impl From<&Package> for Manifest {
    fn from(package: &Package) -> Self {
        let (dev, code): (Vec<_>, Vec<_>) = package.dependencies.iter().partition(|d| d.is_dev());
        let names = |list: Vec<&crate::metadata::Dependency>| {
            list.into_iter().map(|d| d.name.clone()).collect()
        };
        Self {
            name: package.name.clone(),
            dependencies: names(code),
            dev_dependencies: names(dev),
        }
    }
}
