//! A client for Terraform provider plugins: it launches a provider binary as Terraform does
//! (HashiCorp go-plugin: magic cookie, handshake line, gRPC over a unix socket with AutoMTLS),
//! asks it for its schemas (tfplugin5 or tfplugin6) and turns the answer into what
//! `terraform providers schema -json` prints, so that `tfshow_schema::Schemas` loads it as it
//! loads a schemas file. It also computes the `h1:` and `zh:` package hashes that lock files
//! list ([`hash`]).
//!
//! ```no_run
//! use std::path::Path;
//!
//! let binary = Path::new(".terraform/providers/registry.terraform.io/hashicorp/null/2.1.2/linux_amd64/terraform-provider-null_v2.1.2_x4");
//! // Launch, ask, stop: no process, socket or directory is left afterwards.
//! let schema = tfshow_plugin::provider_schema(binary, &tfshow_plugin::Options::default())?;
//! // The document `terraform providers schema -json` prints for this one provider.
//! let json = schema.document("registry.terraform.io/hashicorp/null");
//! assert!(json.starts_with(br#"{"format_version":"1.0","provider_schemas":{"#));
//! # Ok::<(), tfshow_plugin::Error>(())
//! ```
//!
//! # Processes and files
//!
//! A plugin gets a minimal environment: `PATH` and `HOME` if we have them, [`Options::env`],
//! and go-plugin's variables; its `TMPDIR` and `PLUGIN_UNIX_SOCKET_DIR` are a private
//! directory made for it, which is removed as soon as the connection is made. It runs in a
//! process group of its own, which is killed when the plugin is stopped or dropped (also when a
//! panic unwinds).
//!
//! Against Ctrl-C (and SIGTERM, SIGKILL) of the calling process the crate installs no signal
//! handler; it relies on the kernel and on a guard process:
//! - on Linux the kernel kills the plugin when the thread that launched it ends
//!   (`PR_SET_PDEATHSIG`); go-plugin servers ignore SIGINT, so the terminal's Ctrl-C alone
//!   would not stop them;
//! - until the socket directory is removed, a small `/bin/sh` guard in a process group of its
//!   own (immune to the terminal's Ctrl-C, ignoring SIGINT, SIGTERM and SIGHUP) waits on a
//!   pipe from us; when the pipe ends with the directory still there, it removes it.
//!
//! So the only thing a [`Plugin`] needs is to stay on the thread that launched it, which its
//! type enforces (it is not `Send`).
//!
//! Text a plugin sends (its standard error, diagnostics, gRPC errors) reaches error messages
//! only shortened and escaped.

#![deny(missing_docs)]

mod client;
mod convert;
mod error;
pub mod handshake;
pub mod hash;
mod process;
mod tls;

#[allow(
    clippy::all,
    clippy::pedantic,
    missing_docs,
    dead_code,
    unreachable_pub
)]
mod proto {
    pub(crate) mod tfplugin5 {
        tonic::include_proto!("tfplugin5");
    }
    pub(crate) mod tfplugin6 {
        tonic::include_proto!("tfplugin6");
    }
    pub(crate) mod plugin {
        tonic::include_proto!("plugin");
    }
}

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use client::Plugin;
pub use error::Error;
pub use process::{MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, PROTOCOL_VERSIONS};

/// How to launch a plugin and how long to wait for it.
#[derive(Debug, Clone)]
pub struct Options {
    /// How long to wait for the handshake line (default 30 s).
    pub handshake_timeout: Duration,
    /// How long to wait for the connection and for each call (default 60 s).
    pub call_timeout: Duration,
    /// How long a plugin that was asked to shut down may take to exit before it is killed
    /// (default 2 s).
    pub stop_timeout: Duration,
    /// The largest gRPC message accepted from the plugin (default 256 MiB; a large
    /// provider's schema is tens of MiB).
    pub max_message_size: usize,
    /// Variables added to the plugin's minimal environment.
    pub env: Vec<(OsString, OsString)>,
    /// The plugin's working directory (default: ours).
    pub working_dir: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            handshake_timeout: Duration::from_secs(30),
            call_timeout: Duration::from_secs(60),
            stop_timeout: Duration::from_secs(2),
            max_message_size: 256 << 20,
            env: Vec::new(),
            working_dir: None,
        }
    }
}

/// What one provider declares, as `terraform providers schema -json` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderSchema {
    protocol_version: u32,
    json: Vec<u8>,
}

impl ProviderSchema {
    /// The plugin protocol version the schema came over.
    pub fn protocol_version(&self) -> u32 {
        self.protocol_version
    }

    /// The provider's object, the value under its address in `provider_schemas`.
    pub fn json(&self) -> &[u8] {
        &self.json
    }

    /// The whole `providers schema -json` document for this one provider, named by its
    /// source address (`registry.terraform.io/hashicorp/null`).
    pub fn document(&self, source_address: &str) -> Vec<u8> {
        schemas_document([(source_address, self)])
    }
}

/// The `providers schema -json` document for several providers, each with its source
/// address (sorted as Terraform sorts them; a repeated address keeps its last schema).
pub fn schemas_document<'a>(
    providers: impl IntoIterator<Item = (&'a str, &'a ProviderSchema)>,
) -> Vec<u8> {
    let sorted: std::collections::BTreeMap<&str, &ProviderSchema> = providers.into_iter().collect();
    let mut w = tfshow_gojson::Writer::new(tfshow_gojson::Dialect::Modern);
    w.begin_object();
    w.key("format_version");
    w.string("1.0");
    if !sorted.is_empty() {
        w.key("provider_schemas");
        w.begin_object();
        for (addr, schema) in sorted {
            w.key(addr);
            w.raw(&schema.json);
        }
        w.end_object();
    }
    w.end_object();
    w.into_bytes()
}

/// Launches the plugin at `path`, asks it for its schema and stops it.
pub fn provider_schema(path: &Path, options: &Options) -> Result<ProviderSchema, Error> {
    let mut plugin = Plugin::launch(path, options)?;
    let schema = plugin.schema();
    let stopped = plugin.stop();
    let schema = schema?;
    stopped?;
    Ok(schema)
}
