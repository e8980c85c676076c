//! What the handlers share: the commands, the lanes their computations run in, whether
//! each route's flag takes a value, and the documents kept once computed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;

use super::query;
use super::table::ROUTES;
use crate::commands::{Commands, Output};
use crate::compute::cache::{Abandoned, Cache};
use crate::compute::gate::{Gate, LaneStats, Lanes};
use crate::compute::lane::Lane;
use crate::limits::Limits;

/// What the handlers share.
pub struct AppState {
    pub(super) commands: Arc<dyn Commands>,
    pub(super) lanes: Lanes,
    /// Whether each route's flag takes a value (else it is a switch), as the commands say.
    pub(super) takes_value: HashMap<(&'static str, &'static str), bool>,
    /// Documents kept per distinct set of arguments ([`Kept::PerQuery`](super::table::Kept::PerQuery)).
    pub(super) per_query: Cache<Arc<Documents>>,
    /// Documents computed once per server ([`Kept::Once`](super::table::Kept::Once)).
    pub(super) once: Cache<Arc<Documents>>,
}

/// What a busy light lane asks a client to wait: its work takes milliseconds.
const LIGHT_RETRY: Duration = Duration::from_secs(1);

/// What a busy heavy lane asks a client to wait: a sweep takes seconds.
const HEAVY_RETRY: Duration = Duration::from_secs(5);

impl AppState {
    /// The lanes, caches and flag table of a server with `limits` over `commands`; an
    /// error names a route's parameter the commands do not take.
    pub fn new(limits: Limits, commands: Arc<dyn Commands>) -> Result<Arc<Self>, String> {
        let gate = |name, workers, retry| {
            Gate::new(name, workers, limits.max_waiting, limits.max_wait, retry)
        };
        let takes_value = query::flag_kinds(&*commands, &ROUTES)?;
        Ok(Arc::new(Self {
            commands,
            lanes: Lanes {
                light: gate("light", limits.light_workers, LIGHT_RETRY),
                heavy: gate("heavy", limits.heavy_workers, HEAVY_RETRY),
            },
            takes_value,
            per_query: Cache::new(limits.cached_documents, Abandoned::Stop),
            once: Cache::new(ROUTES.len(), Abandoned::Finish),
        }))
    }

    /// The lanes' state now.
    #[must_use]
    pub fn stats(&self) -> LaneStats {
        self.lanes.stats()
    }

    pub(super) fn gate(&self, lane: Lane) -> &Gate {
        match lane {
            Lane::Light => &self.lanes.light,
            Lane::Heavy => &self.lanes.heavy,
        }
    }
}

/// A command's documents as the server keeps and sends them.
#[derive(Debug)]
pub struct Documents {
    pub(super) json: Bytes,
    pub(super) text: Vec<String>,
    pub(super) chart: Option<Bytes>,
}

impl From<Output> for Documents {
    fn from(out: Output) -> Self {
        Self {
            json: Bytes::from(out.json),
            text: out.text,
            chart: out.chart.map(Bytes::from),
        }
    }
}
