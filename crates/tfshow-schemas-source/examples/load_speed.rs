//! How fast a cached schema loads against the `providers schema -json` document it came
//! from, for a provider the size of a big real one.
//!
//! `cargo run --release -p tfshow-schemas-source --example load_speed [TYPES]`
//!
//! The provider is made from the real schemas in `testdata/oracle` (the oracle's, null's and
//! the framework test provider's resource and data source types), repeated under new names
//! until it has TYPES resource types (default 1,500, about the AWS provider's count).

use std::time::{Duration, Instant};

fn main() {
    let types: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1500);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pool: Vec<(String, serde_json::Value)> = Vec::new();
    for p in [
        "testdata/oracle/scenarios/create_basic/tf-1.15.5/schemas.json",
        "testdata/oracle/scenarios/create_nested_attrs/tf-1.15.5/schemas.json",
        "testdata/oracle/scenarios/newer_features/tf-1.15.5/schemas.json",
        "crates/tfshow-plugin/tests/data/tfshowtest-schemas.json",
    ] {
        let Ok(bytes) = std::fs::read(root.join(p)) else {
            continue;
        };
        let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        for (_, prov) in doc["provider_schemas"].as_object().unwrap() {
            for kind in ["resource_schemas", "data_source_schemas"] {
                if let Some(m) = prov[kind].as_object() {
                    pool.extend(m.iter().map(|(k, v)| (k.clone(), v.clone())));
                }
            }
        }
    }
    assert!(!pool.is_empty());
    let mut resources = serde_json::Map::new();
    let mut data = serde_json::Map::new();
    for i in 0..types {
        let (name, s) = &pool[i % pool.len()];
        resources.insert(format!("big_{name}_{i}"), s.clone());
        if i % 3 == 0 {
            data.insert(format!("big_{name}_{i}"), s.clone());
        }
    }
    let provider = serde_json::json!({
        "provider": {"version": 0, "block": {"attributes": {"region": {"type": "string", "optional": true}}}},
        "resource_schemas": resources,
        "data_source_schemas": data,
    });
    let addr = "registry.terraform.io/example/big";
    let json = serde_json::to_vec(&provider).unwrap();
    let doc = tfshow_schemas_source::cache::document([(addr, json.as_slice())]);

    let model = tfshow_schema::Schemas::from_json(&doc).unwrap().providers[addr].clone();
    let dir = tempfile::tempdir().unwrap();
    let cache = tfshow_schemas_source::Cache::new(dir.path().to_path_buf());
    let header = tfshow_schemas_source::cache::Header {
        address: addr.into(),
        version: "1.0.0".into(),
        hashes: vec![],
        origin: tfshow_schemas_source::cache::Origin::Import,
        protocol_version: 0,
        from: String::new(),
    };
    let path = cache.store(&header, &json, &model).unwrap();
    let entry_size = std::fs::metadata(&path).unwrap().len();
    let binary = model.to_binary();

    let time = |f: &dyn Fn()| -> Duration {
        let mut best = Duration::MAX;
        for _ in 0..15 {
            let t = Instant::now();
            f();
            best = best.min(t.elapsed());
        }
        best
    };
    let t_json = time(&|| {
        let _ = std::hint::black_box(tfshow_schema::Schemas::from_json(&doc).unwrap());
    });
    let t_file_json = time(&|| {
        let bytes = std::fs::read(dir.path().join("doc.json")).unwrap_or_else(|_| {
            std::fs::write(dir.path().join("doc.json"), &doc).unwrap();
            std::fs::read(dir.path().join("doc.json")).unwrap()
        });
        let _ = std::hint::black_box(tfshow_schema::Schemas::from_json(&bytes).unwrap());
    });
    let t_bin = time(&|| {
        let _ = std::hint::black_box(tfshow_schema::ProviderSchema::from_binary(&binary).unwrap());
    });
    let t_entry = time(&|| {
        let mut problems = Vec::new();
        let p = tfshow_schemas_source::addr::ProviderAddr::parse(addr).unwrap();
        let _ = std::hint::black_box(cache.lookup(&p, "1.0.0", &[], &mut problems).unwrap());
    });
    println!(
        "{types} resource types, {} data sources: JSON document {:.1} MB, binary form {:.1} MB, cache entry {:.1} MB",
        data.len(),
        doc.len() as f64 / 1e6,
        binary.len() as f64 / 1e6,
        entry_size as f64 / 1e6
    );
    println!(
        "parse the JSON document (in memory):     {:>8.2} ms",
        t_json.as_secs_f64() * 1e3
    );
    println!(
        "read + parse the JSON document (file):   {:>8.2} ms",
        t_file_json.as_secs_f64() * 1e3
    );
    println!(
        "decode the binary form (in memory):      {:>8.2} ms",
        t_bin.as_secs_f64() * 1e3
    );
    println!(
        "cache lookup (read, CRC, header, decode): {:>7.2} ms",
        t_entry.as_secs_f64() * 1e3
    );
}
