//! A launched plugin: the connection to it, the schema calls, and stopping it.

use std::marker::PhantomData;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tonic::transport::{Channel, Endpoint};

use crate::convert::Provider;
use crate::error::{excerpt, Error};
use crate::handshake::{self, Address, Handshake};
use crate::process::{Process, PROTOCOL_VERSIONS};
use crate::proto::{plugin, tfplugin5 as v5, tfplugin6 as v6};
use crate::tls::ClientIdentity;
use crate::{Options, ProviderSchema};

/// A byte stream to the plugin: unix or TCP, with or without TLS.
trait Io: AsyncRead + AsyncWrite + Send + Unpin {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin> Io for T {}

/// A running provider plugin, connected over gRPC.
///
/// Dropping it kills the plugin (and anything it started) and removes its socket directory;
/// [`Plugin::stop`] asks it to exit first. It stays on the thread that launched it (it is
/// not `Send`): on Linux the plugin is killed when that thread ends.
///
/// ```compile_fail
/// fn send<T: Send>() {}
/// send::<tfshow_plugin::Plugin>();
/// ```
pub struct Plugin {
    // Field order is drop order: the channel goes before the runtime that drives it, and the
    // process is killed last.
    channel: Option<Channel>,
    runtime: tokio::runtime::Runtime,
    process: Process,
    handshake: Handshake,
    options: Options,
    _not_send: PhantomData<*const ()>,
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("pid", &self.process.pid())
            .field("protocol_version", &self.handshake.protocol_version)
            .field("address", &self.handshake.address)
            .field("tls", &self.handshake.server_cert.is_some())
            .finish()
    }
}

impl Plugin {
    /// Launches the provider plugin binary at `path`, waits for its handshake and connects.
    pub fn launch(path: &Path, options: &Options) -> Result<Plugin, Error> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(Error::Runtime)?;
        let identity = ClientIdentity::generate()?;
        let mut process = Process::spawn(
            path,
            options.working_dir.as_deref(),
            &options.env,
            Some(&identity.cert_pem),
        )?;
        let line = process.handshake_line(options.handshake_timeout)?;
        let handshake = handshake::parse(&line, &PROTOCOL_VERSIONS).map_err(Error::Handshake)?;
        let connect = connect(&handshake, &identity);
        let channel = match runtime
            .block_on(async { tokio::time::timeout(options.call_timeout, connect).await })
        {
            Ok(r) => r?,
            Err(_) => {
                return Err(Error::Connect {
                    addr: handshake.address.to_string(),
                    message: format!(
                        "no connection within {} s",
                        options.call_timeout.as_secs_f64()
                    ),
                })
            }
        };
        // Connected: the socket file and its directory are no longer needed.
        process.remove_socket_dir();
        Ok(Plugin {
            channel: Some(channel),
            runtime,
            process,
            handshake,
            options: options.clone(),
            _not_send: PhantomData,
        })
    }

    /// The plugin protocol version it speaks: 5 or 6.
    pub fn protocol_version(&self) -> u32 {
        self.handshake.protocol_version
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.process.pid()
    }

    /// Whether the connection uses TLS (the plugin sent a certificate).
    pub fn uses_tls(&self) -> bool {
        self.handshake.server_cert.is_some()
    }

    /// The private directory that was given to the plugin for its socket; it is removed once
    /// the connection is made.
    pub fn socket_dir(&self) -> &Path {
        self.process.socket_dir()
    }

    /// Asks the plugin for its schemas (`GetProviderSchema`, and `GetResourceIdentitySchemas`
    /// where it has them) and converts them.
    pub fn schema(&mut self) -> Result<ProviderSchema, Error> {
        let channel = self.channel.clone().ok_or_else(|| Error::Call {
            call: "GetProviderSchema",
            message: "the plugin was stopped".to_owned(),
        })?;
        let timeout = self.options.call_timeout;
        let max = self.options.max_message_size;
        let provider = match self.handshake.protocol_version {
            5 => self.runtime.block_on(async move {
                let mut client = v5::provider_client::ProviderClient::new(channel)
                    .max_decoding_message_size(max)
                    .max_encoding_message_size(max);
                let schema = call(
                    "GetProviderSchema",
                    timeout,
                    client.get_schema(v5::get_provider_schema::Request {}),
                )
                .await?;
                check(
                    "GetProviderSchema",
                    schema
                        .diagnostics
                        .iter()
                        .map(|d| (d.severity, &d.summary, &d.detail)),
                )?;
                let identities = optional_call(
                    "GetResourceIdentitySchemas",
                    timeout,
                    client.get_resource_identity_schemas(
                        v5::get_resource_identity_schemas::Request {},
                    ),
                )
                .await?
                .unwrap_or_default();
                check(
                    "GetResourceIdentitySchemas",
                    identities
                        .diagnostics
                        .iter()
                        .map(|d| (d.severity, &d.summary, &d.detail)),
                )?;
                Provider::v5(schema, identities)
            })?,
            _ => self.runtime.block_on(async move {
                let mut client = v6::provider_client::ProviderClient::new(channel)
                    .max_decoding_message_size(max)
                    .max_encoding_message_size(max);
                let mut schema = call(
                    "GetProviderSchema",
                    timeout,
                    client.get_provider_schema(v6::get_provider_schema::Request {}),
                )
                .await?;
                check(
                    "GetProviderSchema",
                    schema
                        .diagnostics
                        .iter()
                        .map(|d| (d.severity, &d.summary, &d.detail)),
                )?;
                let identities = optional_call(
                    "GetResourceIdentitySchemas",
                    timeout,
                    client.get_resource_identity_schemas(
                        v6::get_resource_identity_schemas::Request {},
                    ),
                )
                .await?
                .unwrap_or_default();
                check(
                    "GetResourceIdentitySchemas",
                    identities
                        .diagnostics
                        .iter()
                        .map(|d| (d.severity, &d.summary, &d.detail)),
                )?;
                let stores = std::mem::take(&mut schema.state_store_schemas);
                let mut p = Provider::v6(schema, identities)?;
                crate::convert::add_state_stores(&mut p, stores)?;
                Ok(p)
            })?,
        };
        Ok(ProviderSchema {
            protocol_version: self.handshake.protocol_version,
            json: provider.to_json(),
        })
    }

    /// Stops the plugin: go-plugin's `GRPCController.Shutdown`, then up to
    /// [`Options::stop_timeout`] for it to exit (none when the call fails, as go-plugin does),
    /// then SIGKILL to its process group; it is reaped and its socket directory removed.
    pub fn stop(mut self) -> Result<(), Error> {
        if let Some(channel) = self.channel.take() {
            let timeout = self.options.call_timeout.min(self.options.stop_timeout);
            let asked = self.runtime.block_on(async move {
                let mut c = plugin::grpc_controller_client::GrpcControllerClient::new(channel);
                call("Shutdown", timeout, c.shutdown(plugin::Empty {}))
                    .await
                    .is_ok()
            });
            if asked {
                self.process.wait_exit(self.options.stop_timeout);
            }
        }
        self.process.kill_and_reap()
    }
}

/// Connects to the address in the handshake, with TLS when the plugin sent a certificate,
/// and makes a channel that uses only this one connection.
async fn connect(handshake: &Handshake, identity: &ClientIdentity) -> Result<Channel, Error> {
    let addr = handshake.address.to_string();
    let fail = |message: String| Error::Connect {
        addr: addr.clone(),
        message,
    };
    let stream: Box<dyn Io> = match &handshake.address {
        Address::Unix(path) => Box::new(
            tokio::net::UnixStream::connect(path)
                .await
                .map_err(|e| fail(e.to_string()))?,
        ),
        Address::Tcp(a) => Box::new(
            tokio::net::TcpStream::connect(a)
                .await
                .map_err(|e| fail(e.to_string()))?,
        ),
    };
    let stream: Box<dyn Io> = match &handshake.server_cert {
        Some(cert) => {
            let config = identity.client_config(cert)?;
            let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
            Box::new(
                connector
                    .connect(crate::tls::server_name(), stream)
                    .await
                    .map_err(|e| fail(format!("TLS: {}", tls_error(&e))))?,
            )
        }
        None => stream,
    };
    // tonic asks its connector for a connection, and again if it is lost; the one we made is
    // handed out once, and a lost connection to a plugin is not made again.
    let slot = Arc::new(Mutex::new(Some(stream)));
    let connector = tower::service_fn(move |_: tonic::transport::Uri| {
        let stream = slot.lock().ok().and_then(|mut s| s.take());
        async move {
            stream.map(TokioIo::new).ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::NotConnected,
                    "the connection to the plugin was closed",
                )
            })
        }
    });
    Endpoint::from_static("http://localhost")
        .connect_with_connector(connector)
        .await
        .map_err(|e| fail(format!("HTTP/2: {}", error_chain(&e))))
}

/// A TLS failure in words; the one that matters most, the pin, said plainly.
fn tls_error(e: &std::io::Error) -> String {
    match e.get_ref().and_then(|i| i.downcast_ref::<rustls::Error>()) {
        Some(rustls::Error::InvalidCertificate(
            rustls::CertificateError::ApplicationVerificationFailure,
        )) => "the plugin's certificate is not the one its handshake line announced".to_owned(),
        _ => excerpt(&e.to_string(), false),
    }
}

/// Runs one RPC with a timeout.
async fn call<T>(
    name: &'static str,
    timeout: Duration,
    f: impl std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>,
) -> Result<T, Error> {
    match tokio::time::timeout(timeout, f).await {
        Ok(Ok(r)) => Ok(r.into_inner()),
        Ok(Err(status)) => Err(Error::Call {
            call: name,
            message: describe(&status),
        }),
        Err(_) => Err(Error::CallTimeout {
            call: name,
            timeout,
        }),
    }
}

/// Runs an RPC the plugin may not have (`None` when it answers Unimplemented).
async fn optional_call<T>(
    name: &'static str,
    timeout: Duration,
    f: impl std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>,
) -> Result<Option<T>, Error> {
    match tokio::time::timeout(timeout, f).await {
        Ok(Ok(r)) => Ok(Some(r.into_inner())),
        Ok(Err(status)) if status.code() == tonic::Code::Unimplemented => Ok(None),
        Ok(Err(status)) => Err(Error::Call {
            call: name,
            message: describe(&status),
        }),
        Err(_) => Err(Error::CallTimeout {
            call: name,
            timeout,
        }),
    }
}

fn describe(status: &tonic::Status) -> String {
    format!("{:?}: {}", status.code(), excerpt(status.message(), false))
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    excerpt(&s, false)
}

/// Error-severity diagnostics (severity 1 in both protocols) make the call fail.
fn check<'a>(
    call: &'static str,
    diagnostics: impl Iterator<Item = (i32, &'a String, &'a String)>,
) -> Result<(), Error> {
    for (severity, summary, detail) in diagnostics {
        if severity == 1 {
            let text = if detail.is_empty() {
                summary.clone()
            } else {
                format!("{summary}: {detail}")
            };
            return Err(Error::Diagnostics {
                call,
                message: excerpt(&text, false),
            });
        }
    }
    Ok(())
}
