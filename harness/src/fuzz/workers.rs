//! The threads a fuzz run spreads the harness's own work over (`--jobs`):
//! judging each answer against the reference, naming the readings it
//! follows, and attributing mismatches. Each piece of work is a function
//! of its input, and the results come back in the order of the inputs, so
//! what a run finds does not depend on how many threads there are.

use std::num::NonZeroUsize;

use rayon::prelude::*;

/// A pool of threads, or this thread alone.
pub struct Workers {
    pool: Option<rayon::ThreadPool>,
}

impl Workers {
    /// `jobs` threads; this thread alone for one, or when no thread can be
    /// started.
    pub fn new(jobs: NonZeroUsize) -> Workers {
        let pool = (jobs.get() > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs.get())
                    .thread_name(|i| format!("rfc1808-work-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
        Workers { pool }
    }

    /// This thread alone.
    pub fn one() -> Workers {
        Workers { pool: None }
    }

    /// How many threads work.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }

    /// `f` of each of `items`, in their order.
    pub fn map<T: Send, R: Send>(&self, items: Vec<T>, f: impl Fn(T) -> R + Sync + Send) -> Vec<R> {
        match &self.pool {
            Some(pool) if items.len() > 1 => {
                pool.install(|| items.into_par_iter().with_min_len(1).map(f).collect())
            }
            _ => items.into_iter().map(f).collect(),
        }
    }
}

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Workers({})", self.threads())
    }
}
