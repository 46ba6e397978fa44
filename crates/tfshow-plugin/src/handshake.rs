//! The go-plugin handshake line a plugin prints on its standard output once it listens:
//! `CORE-VERSION|APP-VERSION|NETWORK|ADDRESS|PROTOCOL|SERVER-CERT`.

use std::net::SocketAddr;
use std::path::PathBuf;

use base64::Engine as _;

use crate::error::excerpt;

/// The longest handshake line accepted (a line with a P-521 certificate is about 1 KiB).
pub(crate) const MAX_LINE: usize = 16 * 1024;

/// The only go-plugin core protocol version there is.
const CORE_PROTOCOL_VERSION: &str = "1";

/// Where the plugin listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// A unix socket (every platform but Windows).
    Unix(PathBuf),
    /// A loopback TCP port.
    Tcp(SocketAddr),
}

impl std::fmt::Display for Address {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Address::Unix(p) => write!(f, "unix:{}", excerpt(&p.to_string_lossy(), false)),
            Address::Tcp(a) => write!(f, "tcp:{a}"),
        }
    }
}

/// A parsed handshake line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handshake {
    /// The plugin protocol version it speaks: 5 or 6.
    pub protocol_version: u32,
    /// Where it listens.
    pub address: Address,
    /// Its TLS certificate (DER) when it uses AutoMTLS; `None` for plaintext.
    pub server_cert: Option<Vec<u8>>,
}

/// Parses the handshake line (without its line ending) of a plugin that was offered the
/// protocol versions `offered`.
pub fn parse(line: &[u8], offered: &[u32]) -> Result<Handshake, String> {
    if line.len() > MAX_LINE {
        return Err(format!("it is longer than {MAX_LINE} bytes"));
    }
    let Ok(line) = std::str::from_utf8(line) else {
        return Err(format!(
            "it is not UTF-8: {}",
            crate::error::excerpt_bytes(line, false)
        ));
    };
    let line = line.trim();
    let parts: Vec<&str> = line.split('|').collect();
    let quoted = || excerpt(line, false);
    if parts.len() < 4 {
        return Err(format!(
            "expected at least 4 fields separated by '|', got \"{}\"",
            quoted()
        ));
    }
    if parts[0] != CORE_PROTOCOL_VERSION {
        return Err(format!(
            "core protocol version \"{}\", expected {CORE_PROTOCOL_VERSION}",
            excerpt(parts[0], false)
        ));
    }
    let protocol_version: u32 = parts[1].parse().map_err(|_| {
        format!(
            "bad plugin protocol version \"{}\"",
            excerpt(parts[1], false)
        )
    })?;
    if !offered.contains(&protocol_version) {
        return Err(format!(
            "plugin protocol version {protocol_version}, but only {offered:?} are supported"
        ));
    }
    let address = match parts[2] {
        "unix" => {
            let p = PathBuf::from(parts[3]);
            if !p.is_absolute() {
                return Err(format!(
                    "the socket path \"{}\" is not absolute",
                    excerpt(parts[3], false)
                ));
            }
            Address::Unix(p)
        }
        "tcp" => {
            let a: SocketAddr = parts[3]
                .parse()
                .map_err(|_| format!("bad TCP address \"{}\"", excerpt(parts[3], false)))?;
            if !a.ip().is_loopback() {
                return Err(format!("the TCP address {a} is not a loopback address"));
            }
            Address::Tcp(a)
        }
        other => {
            return Err(format!(
                "unsupported network type \"{}\"",
                excerpt(other, false)
            ))
        }
    };
    // go-plugin's default when the field is missing is its older net/rpc protocol.
    let protocol = parts.get(4).copied().unwrap_or("netrpc");
    if protocol != "grpc" {
        return Err(format!(
            "RPC protocol \"{}\"; only grpc is supported",
            excerpt(protocol, false)
        ));
    }
    let server_cert = match parts.get(5).copied().unwrap_or("") {
        "" => None,
        b64 => {
            let der = base64::engine::general_purpose::STANDARD_NO_PAD
                .decode(b64.trim_end_matches('='))
                .map_err(|e| format!("the server certificate is not base64: {e}"))?;
            Some(der)
        }
    };
    Ok(Handshake {
        protocol_version,
        address,
        server_cert,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: &[u32] = &[5, 6];

    #[test]
    fn parses_unix_grpc_lines() {
        let h = parse(b"1|5|unix|/tmp/plugin123|grpc|\n", BOTH).unwrap();
        assert_eq!(h.protocol_version, 5);
        assert_eq!(h.address, Address::Unix("/tmp/plugin123".into()));
        assert_eq!(h.server_cert, None);
        let h = parse(b"1|6|unix|/tmp/p|grpc|AQID", BOTH).unwrap();
        assert_eq!(h.server_cert, Some(vec![1, 2, 3]));
        let h = parse(b"1|6|unix|/tmp/p|grpc|AQIDBA==", BOTH).unwrap();
        assert_eq!(h.server_cert, Some(vec![1, 2, 3, 4]));
        let h = parse(b"1|6|tcp|127.0.0.1:10000|grpc", BOTH).unwrap();
        assert_eq!(h.address, Address::Tcp("127.0.0.1:10000".parse().unwrap()));
    }

    #[test]
    fn refuses_what_it_cannot_use() {
        for (line, want) in [
            (&b"This binary is a plugin."[..], "at least 4 fields"),
            (b"2|5|unix|/x|grpc", "core protocol version"),
            (b"1|4|unix|/x|grpc", "only [5, 6]"),
            (b"1|x|unix|/x|grpc", "bad plugin protocol version"),
            (b"1|5|unix|rel/x|grpc", "not absolute"),
            (b"1|5|tcp|10.0.0.1:1|grpc", "not a loopback"),
            (b"1|5|pipe|x|grpc", "network type"),
            (b"1|5|unix|/x", "netrpc"),
            (b"1|5|unix|/x|netrpc", "only grpc"),
            (b"1|5|unix|/x|grpc|!!", "not base64"),
            (b"\xff\xfe", "not UTF-8"),
        ] {
            let e = parse(line, BOTH).unwrap_err();
            assert!(e.contains(want), "{e:?} should contain {want:?}");
        }
        assert!(parse(&vec![b'1'; MAX_LINE + 1], BOTH)
            .unwrap_err()
            .contains("longer"));
        assert!(parse(b"1|6|unix|/x|grpc", &[5]).is_err());
    }
}
