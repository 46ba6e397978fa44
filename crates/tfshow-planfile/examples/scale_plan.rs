//! Writes a bigger plan file from a real one, for benchmarks: every child module of the root
//! is copied FACTOR-1 times under new names (`module.m0` → `module.m4`, `module.m8`, …), with
//! its resource changes and its configuration.
//!
//! ```text
//! cargo run --release -p tfshow-planfile --example scale_plan -- IN.tfplan OUT.tfplan FACTOR
//! ```

use std::io::{Read, Write};

use prost::Message;
use tfshow_planfile::proto;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, output, factor] = args.as_slice() else {
        return Err("usage: scale_plan IN.tfplan OUT.tfplan FACTOR".into());
    };
    let factor: usize = factor.parse()?;
    let mut zip = zip::ZipArchive::new(std::fs::File::open(input)?)?;
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i)?;
        let mut data = Vec::new();
        f.read_to_end(&mut data)?;
        entries.push((f.name()?.into_owned(), data));
    }
    let get = |name: &str| {
        entries
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, d)| d.clone())
    };
    let manifest: Vec<serde_json::Value> =
        serde_json::from_slice(&get("tfconfig/modules.json").ok_or("no modules.json")?)?;
    let modules: Vec<String> = manifest
        .iter()
        .filter_map(|m| m["Key"].as_str())
        .filter(|k| !k.is_empty() && !k.contains('.'))
        .map(str::to_owned)
        .collect();
    let n = modules.len();
    // New name of module index i in copy k.
    let renamed = |i: usize, k: usize| format!("m{}", i + k * n);
    let index_of = |name: &str| modules.iter().position(|m| m == name);

    let mut plan = proto::Plan::decode(get("tfplan").ok_or("no tfplan")?.as_slice())?;
    let original = plan.resource_changes.clone();
    for k in 1..factor {
        for rc in &original {
            let mut rc = rc.clone();
            for field in [&mut rc.addr, &mut rc.module_path, &mut rc.prev_run_addr] {
                if let Some(rest) = field.strip_prefix("module.") {
                    let (name, tail) = rest
                        .split_once(['.', '['])
                        .map_or((rest, ""), |(a, _)| (a, &rest[a.len()..]));
                    if let Some(i) = index_of(name) {
                        *field = format!("module.{}{tail}", renamed(i, k));
                    }
                }
            }
            plan.resource_changes.push(rc);
        }
    }

    let mut out = zip::ZipWriter::new(std::fs::File::create(output)?);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut new_manifest = manifest.clone();
    for (name, data) in &entries {
        match name.as_str() {
            "tfplan" => {
                out.start_file(name, opts)?;
                out.write_all(&plan.encode_to_vec())?;
            }
            "tfconfig/modules.json" => {}
            "tfconfig/m-/main.tf" => {
                let mut root = String::from_utf8(data.clone())?;
                for k in 1..factor {
                    for i in 0..n {
                        let m = renamed(i, k);
                        root.push_str(&format!("\nmodule \"{m}\" {{\n  source = \"./modules/{m}\"\n  label  = \"module-{}\"\n}}\n", i + k * n));
                    }
                }
                out.start_file(name, opts)?;
                out.write_all(root.as_bytes())?;
            }
            _ => {
                out.start_file(name, opts)?;
                out.write_all(data)?;
                // Copies of child module files.
                if let Some(rest) = name.strip_prefix("tfconfig/m-") {
                    if let Some((key, file)) = rest.split_once('/') {
                        if let Some(i) = index_of(key) {
                            for k in 1..factor {
                                out.start_file(
                                    format!("tfconfig/m-{}/{file}", renamed(i, k)),
                                    opts,
                                )?;
                                out.write_all(data)?;
                            }
                        }
                    }
                }
            }
        }
    }
    for k in 1..factor {
        for i in 0..n {
            let m = renamed(i, k);
            new_manifest.push(serde_json::json!({"Key": m, "Source": format!("./modules/{m}"), "Dir": format!("modules/{m}")}));
        }
    }
    new_manifest.sort_by(|a, b| a["Key"].as_str().cmp(&b["Key"].as_str()));
    out.start_file("tfconfig/modules.json", opts)?;
    out.write_all(&serde_json::to_vec_pretty(&new_manifest)?)?;
    out.finish()?;
    eprintln!(
        "{} resource changes written to {output}",
        plan.resource_changes.len()
    );
    Ok(())
}
