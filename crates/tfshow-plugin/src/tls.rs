//! AutoMTLS as go-plugin does it: we make a throwaway client certificate and give it to the
//! plugin in `PLUGIN_CLIENT_CERT`; the plugin makes its own and prints it in its handshake
//! line. Each side then accepts exactly the other's certificate.
//!
//! go-plugin's certificates use ECDSA P-521 keys, which ring does not verify, so the server's
//! handshake signature is checked here with the pure-Rust `p521` crate; everything else is
//! rustls on ring.

use std::sync::{Arc, OnceLock};

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::{
    alg_id, AlgorithmIdentifier, CertificateDer, InvalidSignature, PrivateKeyDer,
    PrivatePkcs8KeyDer, ServerName, SignatureVerificationAlgorithm, UnixTime,
};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};

use crate::error::Error;

/// Our side of AutoMTLS: a self-signed certificate and its key, made for one plugin.
pub(crate) struct ClientIdentity {
    /// The certificate in PEM, for `PLUGIN_CLIENT_CERT`.
    pub(crate) cert_pem: String,
    cert_der: CertificateDer<'static>,
    key_der: Vec<u8>,
}

impl ClientIdentity {
    /// A fresh ECDSA P-256 certificate for `localhost`, usable as a CA (the plugin trusts it
    /// as the only root) and for client authentication, as go-plugin's own are.
    pub(crate) fn generate() -> Result<ClientIdentity, Error> {
        use rcgen::{
            BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, KeyPair,
            KeyUsagePurpose,
        };
        let tls = |e: rcgen::Error| Error::Tls(format!("client certificate: {e}"));
        let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).map_err(tls)?;
        let mut params = CertificateParams::new(vec!["localhost".to_owned()]).map_err(tls)?;
        params
            .distinguished_name
            .push(DnType::CommonName, "localhost");
        params
            .distinguished_name
            .push(DnType::OrganizationName, "tfshow");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![
            KeyUsagePurpose::DigitalSignature,
            KeyUsagePurpose::KeyEncipherment,
            KeyUsagePurpose::KeyCertSign,
        ];
        params.extended_key_usages = vec![
            ExtendedKeyUsagePurpose::ClientAuth,
            ExtendedKeyUsagePurpose::ServerAuth,
        ];
        let cert = params.self_signed(&key).map_err(tls)?;
        Ok(ClientIdentity {
            cert_pem: cert.pem(),
            cert_der: cert.der().clone(),
            key_der: key.serialize_der(),
        })
    }

    /// A rustls client configuration that presents this identity and accepts exactly
    /// `server_cert` (DER, from the handshake line). ALPN offers `h2`, which recent gRPC
    /// servers require.
    pub(crate) fn client_config(&self, server_cert: &[u8]) -> Result<rustls::ClientConfig, Error> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier = PinnedServer {
            cert: server_cert.to_vec(),
            algorithms: algorithms(&provider),
        };
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(self.key_der.clone()));
        let mut config = rustls::ClientConfig::builder_with_provider(provider)
            .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
            .map_err(|e| Error::Tls(e.to_string()))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_client_auth_cert(vec![self.cert_der.clone()], key)
            .map_err(|e| Error::Tls(e.to_string()))?;
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(config)
    }
}

/// The name we expect the plugin's certificate to be for (go-plugin always uses it).
pub(crate) fn server_name() -> ServerName<'static> {
    ServerName::DnsName(
        rustls::pki_types::DnsName::try_from("localhost")
            .expect("localhost is a valid DNS name") // ok: a constant
            .to_owned(),
    )
}

/// Accepts the one certificate the plugin announced, byte for byte, and checks the handshake
/// signatures made with its key.
#[derive(Debug)]
struct PinnedServer {
    cert: Vec<u8>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for PinnedServer {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if end_entity.as_ref() == self.cert.as_slice() {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::ApplicationVerificationFailure,
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// ECDSA P-521 with SHA-512 first (so that a Go server, which takes the first scheme of ours
/// its key can make, signs with it, in TLS 1.2 too), then ring's verification algorithms, with
/// P-521 added to TLS 1.2's ECDSA/SHA-384 scheme, which does not name the curve. (A P-521
/// signature over a SHA-256 digest is refused: the digest is shorter than half the curve.)
/// Built once.
fn algorithms(provider: &rustls::crypto::CryptoProvider) -> WebPkiSupportedAlgorithms {
    static ALGORITHMS: OnceLock<WebPkiSupportedAlgorithms> = OnceLock::new();
    *ALGORITHMS.get_or_init(|| {
        static P521_SHA384: P521 = P521(Digest::Sha384);
        static P521_SHA512: P521 = P521(Digest::Sha512);
        static P521_ONLY: [&dyn SignatureVerificationAlgorithm; 1] = [&P521_SHA512];
        let base = provider.signature_verification_algorithms;
        let mut all: Vec<&'static dyn SignatureVerificationAlgorithm> = base.all.to_vec();
        all.extend([
            &P521_SHA384 as &dyn SignatureVerificationAlgorithm,
            &P521_SHA512,
        ]);
        type Algs = &'static [&'static dyn SignatureVerificationAlgorithm];
        let mut mapping: Vec<(SignatureScheme, Algs)> =
            vec![(SignatureScheme::ECDSA_NISTP521_SHA512, &P521_ONLY)];
        for &(scheme, algs) in base.mapping {
            let algs: Algs = if scheme == SignatureScheme::ECDSA_NISTP384_SHA384 {
                let mut v = algs.to_vec();
                v.push(&P521_SHA384);
                Vec::leak(v)
            } else {
                algs
            };
            mapping.push((scheme, algs));
        }
        WebPkiSupportedAlgorithms {
            all: Vec::leak(all),
            mapping: Vec::leak(mapping),
        }
    })
}

#[derive(Debug, Clone, Copy)]
enum Digest {
    Sha384,
    Sha512,
}

/// ECDSA on P-521 with one digest, verified by the `p521` crate.
#[derive(Debug)]
struct P521(Digest);

impl SignatureVerificationAlgorithm for P521 {
    fn verify_signature(
        &self,
        public_key: &[u8],
        message: &[u8],
        signature: &[u8],
    ) -> Result<(), InvalidSignature> {
        use p521::ecdsa::signature::hazmat::PrehashVerifier;
        use sha2::Digest as _;
        let key =
            p521::ecdsa::VerifyingKey::from_sec1_bytes(public_key).map_err(|_| InvalidSignature)?;
        let signature =
            p521::ecdsa::Signature::from_der(signature).map_err(|_| InvalidSignature)?;
        let prehash = match self.0 {
            Digest::Sha384 => sha2::Sha384::digest(message).to_vec(),
            Digest::Sha512 => sha2::Sha512::digest(message).to_vec(),
        };
        key.verify_prehash(&prehash, &signature)
            .map_err(|_| InvalidSignature)
    }

    fn public_key_alg_id(&self) -> AlgorithmIdentifier {
        alg_id::ECDSA_P521
    }

    fn signature_alg_id(&self) -> AlgorithmIdentifier {
        match self.0 {
            Digest::Sha384 => alg_id::ECDSA_SHA384,
            Digest::Sha512 => alg_id::ECDSA_SHA512,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_certificate_is_pem_and_configures_rustls() {
        let id = ClientIdentity::generate().unwrap();
        assert!(id.cert_pem.starts_with("-----BEGIN CERTIFICATE-----"));
        let config = id.client_config(b"not a certificate").unwrap();
        assert_eq!(config.alpn_protocols, vec![b"h2".to_vec()]);
    }

    #[test]
    fn pinned_verifier_accepts_only_the_announced_certificate() {
        let id = ClientIdentity::generate().unwrap();
        let provider = rustls::crypto::ring::default_provider();
        let v = PinnedServer {
            cert: id.cert_der.to_vec(),
            algorithms: algorithms(&provider),
        };
        let now = UnixTime::now();
        assert!(v
            .verify_server_cert(&id.cert_der, &[], &server_name(), &[], now)
            .is_ok());
        let other = ClientIdentity::generate().unwrap();
        assert!(v
            .verify_server_cert(&other.cert_der, &[], &server_name(), &[], now)
            .is_err());
        assert_eq!(
            v.supported_verify_schemes()[0],
            SignatureScheme::ECDSA_NISTP521_SHA512
        );
    }

    #[test]
    fn p521_signatures_verify() {
        use p521::ecdsa::signature::hazmat::PrehashSigner;
        use sha2::Digest as _;
        // A fixed private scalar: the test needs no randomness.
        let mut secret = [0u8; 66];
        secret[65] = 7;
        secret[10] = 0x42;
        let signer = p521::ecdsa::SigningKey::from_slice(&secret).unwrap();
        let public = p521::ecdsa::VerifyingKey::from(&signer);
        let point = public.to_encoded_point(false);
        let message = b"handshake transcript";
        for (alg, prehash) in [
            (P521(Digest::Sha384), sha2::Sha384::digest(message).to_vec()),
            (P521(Digest::Sha512), sha2::Sha512::digest(message).to_vec()),
        ] {
            let sig: p521::ecdsa::Signature = signer.sign_prehash(&prehash).unwrap();
            let der = sig.to_der();
            assert!(alg
                .verify_signature(point.as_bytes(), message, der.as_bytes())
                .is_ok());
            assert!(alg
                .verify_signature(point.as_bytes(), b"other", der.as_bytes())
                .is_err());
            assert!(alg
                .verify_signature(point.as_bytes(), message, b"\x30\x00")
                .is_err());
        }
    }
}
