//! A cold launch of each provider plugin given: launch, ask for the schema, stop (what a run
//! with an empty cache pays once per provider), with the `h1:` hash of its package taken
//! first as tfshow does before running it.
//!
//! `cargo run --release -p tfshow-schemas-source --example launch_time -- [RUNS] BINARY...`

use std::time::{Duration, Instant};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let runs = match args.first().and_then(|a| a.parse::<usize>().ok()) {
        Some(n) => {
            args.remove(0);
            n
        }
        None => 5,
    };
    for bin in &args {
        let path = std::path::Path::new(bin);
        let dir = path.parent().unwrap();
        let (mut hash, mut launch) = (Vec::new(), Vec::new());
        let mut protocol = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let _ = tfshow_plugin::hash::h1_dir(dir).unwrap();
            hash.push(t.elapsed());
            let t = Instant::now();
            let s =
                tfshow_plugin::provider_schema(path, &tfshow_plugin::Options::default()).unwrap();
            launch.push(t.elapsed());
            protocol = s.protocol_version();
        }
        let size = std::fs::metadata(path).unwrap().len();
        let ms = |v: &mut Vec<Duration>| {
            v.sort();
            (v[0].as_secs_f64() * 1e3, v[v.len() / 2].as_secs_f64() * 1e3)
        };
        let (h0, h1) = ms(&mut hash);
        let (l0, l1) = ms(&mut launch);
        println!(
            "| {} | {protocol} | {:.1} MB | {h0:.0} / {h1:.0} ms | {l0:.0} / {l1:.0} ms |",
            path.file_name().unwrap().to_string_lossy(),
            size as f64 / 1e6
        );
    }
}
