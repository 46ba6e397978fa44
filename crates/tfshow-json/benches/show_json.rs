//! Library benchmark: `show_json` of real big plans (bench/data), to an `io::sink`.
//! Whole-command timings, peak memory and the comparison with Terraform are in bench/run.sh.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tfshow_json::show::{show_json, Limits};
use tfshow_schema::Schemas;

fn case(name: &str) -> (Vec<u8>, Schemas) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../bench/data")
        .join(name);
    let plan = std::fs::read(dir.join("plan.tfplan")).expect("bench plan");
    let schemas = Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("schemas"))
        .expect("valid schemas");
    (plan, schemas)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("show_json");
    group.sample_size(10);
    for name in ["big-1.15.5-1000", "big-1.0.3-1000", "big-1.15.5-10000"] {
        let (plan, schemas) = case(name);
        let mut out = Vec::new();
        show_json(&plan, Some(&schemas), &Limits::default(), &mut out).expect("renders");
        group.throughput(Throughput::Bytes(out.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                show_json(
                    &plan,
                    Some(&schemas),
                    &Limits::default(),
                    &mut std::io::sink(),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
