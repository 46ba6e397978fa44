//! Where provider schemas come from when no schemas file covers a provider: the schema cache,
//! and the provider plugins a working directory has, run only when the lock file vouches for
//! them.
//!
//! For each provider a plan or state file uses ([`inventory()`]) the order is: the schemas
//! file (`--schemas`), then the [cache], then a plugin ([`launch`]) whose package
//! hash the lock file lists — its answer is cached — then none. [`resolve()`] does it all and
//! says, per provider, where the schema came from and why there is none.
//!
//! - The version: the plan's own `.terraform.lock.hcl` entry, else the working directory's
//!   lock file, else the only version found on disk (a plugin is never run then: no lock
//!   file vouches for it, but a schema cached from it is used).
//! - The places: see [`search`].
//! - Trust: see [`launch`].
//!
//! ```
//! use tfshow_schemas_source::inventory;
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/plan.tfplan");
//! let found = inventory(&std::fs::read(path)?, &Default::default());
//! assert!(found.providers.contains("registry.terraform.io/hashicorp/null"));
//! # Ok::<(), std::io::Error>(())
//! ```

#![deny(missing_docs)]

pub mod addr;
pub mod cache;
pub mod cliconfig;
pub mod env;
mod guard;
pub mod inventory;
pub mod launch;
pub mod lockfile;
pub mod manage;
pub mod resolve;
pub mod search;

pub use cache::Cache;
pub use env::Env;
pub use inventory::inventory;
pub use resolve::{resolve, Found, Options, Resolution, Source};
