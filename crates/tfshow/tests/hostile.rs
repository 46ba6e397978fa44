//! Hostile input, end to end: every crafted file ends with exit status 1 (never a signal), one
//! error line on standard error that never says "panicked", nothing on standard output, within
//! seconds and well under 1 GiB of memory. Inputs are derived at run time from the oracle's
//! real plans (truncations, bit flips, rebuilt zips), built by hand (zip bombs, declared
//! lengths, deep nesting) or are not plans at all; `testdata/hostile/` keeps the fuzzers'
//! crashes, each of which must now be refused the same way.

mod support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use support::Run;

/// Each run must end within this.
const TIME_LIMIT: Duration = Duration::from_secs(10);
/// Each run's peak resident memory must stay below this.
const MEMORY_LIMIT_KIB: i64 = 1 << 20;
/// The address space a run may have at all (a runaway allocation fails instead of swapping).
const ADDRESS_SPACE: u64 = 6 << 30;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn oracle(scenario: &str, file: &str) -> Vec<u8> {
    std::fs::read(
        root()
            .join("testdata/oracle/scenarios")
            .join(scenario)
            .join(file),
    )
    .unwrap()
}

/// Runs `tfshow ARGS` with `stdin`, in `dir` (the current directory when `None`), capped
/// (see `support::run_capped`).
fn run_in(args: &[&str], stdin: &[u8], dir: Option<&Path>) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.args(args);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    support::run_capped(cmd, stdin.to_vec(), None, TIME_LIMIT, ADDRESS_SPACE)
}

fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_in(args, stdin, None)
}

/// `tfshow show --json -` of `input`.
fn show(input: &[u8]) -> Run {
    run(&["show", "--json", "-"], input)
}

/// `tfshow ui -` of `input`.
fn ui(input: &[u8]) -> Run {
    run(&["ui", "-"], input)
}

/// Asserts the run was bounded: no signal, in time, in memory. `HOSTILE_STATS=1` prints each
/// run's time and peak memory.
fn assert_bounded(r: &Run, what: &str) {
    if std::env::var_os("HOSTILE_STATS").is_some() {
        eprintln!("{what}: {:?}, {} MiB", r.elapsed, r.max_rss_kib >> 10);
    }
    assert!(
        r.signal.is_none(),
        "{what}: killed by signal {:?}; stderr: {}",
        r.signal,
        r.stderr
    );
    assert!(r.elapsed < TIME_LIMIT, "{what}: took {:?}", r.elapsed);
    assert!(
        r.max_rss_kib < MEMORY_LIMIT_KIB,
        "{what}: peak memory {} MiB",
        r.max_rss_kib >> 10
    );
    assert!(
        !r.stderr.contains("panicked"),
        "{what}: panicked: {}",
        r.stderr
    );
}

/// Asserts the run refused its input: status 1, nothing on stdout, one error line on stderr.
/// Returns the error line.
fn assert_refused(r: &Run, what: &str) -> String {
    assert_bounded(r, what);
    assert_eq!(r.code, Some(1), "{what}: exit status; stderr: {}", r.stderr);
    assert!(
        r.stdout.is_empty(),
        "{what}: printed {} bytes on stdout",
        r.stdout.len()
    );
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "{what}: stderr is not one line: {}",
        r.stderr
    );
    assert!(
        lines[0].starts_with("tfshow: ") && lines[0].len() > 20,
        "{what}: unclear error: {}",
        lines[0]
    );
    lines[0].to_owned()
}

/// Asserts the run either refused its input or printed a valid JSON document.
fn assert_refused_or_valid(r: &Run, what: &str) {
    if r.code == Some(0) {
        assert_bounded(r, what);
        assert!(
            serde_json::from_slice::<serde_json::Value>(&r.stdout).is_ok(),
            "{what}: exit 0 without a JSON document"
        );
    } else {
        assert_refused(r, what);
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

// ---- zips, built by hand so that sizes and contents can lie -------------------------------

fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    for (i, slot) in t.iter_mut().enumerate() {
        let mut c = i as u32;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xedb8_8320
            } else {
                c >> 1
            };
        }
        *slot = c;
    }
    t
}

fn crc32(data: &[u8]) -> u32 {
    let t = crc_table();
    !data.iter().fold(!0u32, |c, &b| {
        t[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8)
    })
}

/// The CRC-32 of `n` zero bytes, by squaring the (linear) one-zero-byte step as a 32×32
/// matrix over GF(2): fast for gigabytes.
fn crc32_zeros(mut n: u64) -> u32 {
    type M = [u32; 32];
    let apply = |m: &M, v: u32| (0..32).filter(|i| v >> i & 1 == 1).fold(0, |a, i| a ^ m[i]);
    let mul = |a: &M, b: &M| -> M { std::array::from_fn(|i| apply(a, b[i])) };
    // One bit: the column for bit i is the step applied to 1 << i.
    let bit: M = std::array::from_fn(|i| {
        let v = 1u32 << i;
        (v >> 1) ^ if v & 1 == 1 { 0xedb8_8320 } else { 0 }
    });
    let mut step = bit;
    for _ in 0..3 {
        step = mul(&step, &step); // 8 bits: one zero byte
    }
    let mut reg = !0u32;
    while n > 0 {
        if n & 1 == 1 {
            reg = apply(&step, reg);
        }
        step = mul(&step, &step);
        n >>= 1;
    }
    !reg
}

/// One zip entry: name, method (0 stored, 8 deflated), the bytes as stored, the declared
/// uncompressed size and CRC.
struct Entry {
    name: Vec<u8>,
    method: u16,
    data: Vec<u8>,
    size: u32,
    crc: u32,
}

fn stored(name: &str, data: &[u8]) -> Entry {
    Entry {
        name: name.as_bytes().to_vec(),
        method: 0,
        data: data.to_vec(),
        size: data.len() as u32,
        crc: crc32(data),
    }
}

fn zip(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for e in entries {
        let offset = out.len() as u32;
        let fixed = |v: &mut Vec<u8>| {
            v.extend_from_slice(&20u16.to_le_bytes()); // version needed
            v.extend_from_slice(&0u16.to_le_bytes()); // flags
            v.extend_from_slice(&e.method.to_le_bytes());
            v.extend_from_slice(&0u16.to_le_bytes()); // time
            v.extend_from_slice(&0x21u16.to_le_bytes()); // date
            v.extend_from_slice(&e.crc.to_le_bytes());
            v.extend_from_slice(&(e.data.len() as u32).to_le_bytes());
            v.extend_from_slice(&e.size.to_le_bytes());
            v.extend_from_slice(&(e.name.len() as u16).to_le_bytes());
            v.extend_from_slice(&0u16.to_le_bytes()); // extra
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        fixed(&mut out);
        out.extend_from_slice(&e.name);
        out.extend_from_slice(&e.data);
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // made by
        fixed(&mut central);
        central.extend_from_slice(&[0; 6]); // comment length, disk, internal attributes
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(&e.name);
    }
    let cd_offset = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

/// The entries of a real plan, stored uncompressed, with `edit` applied to each (returning
/// `None` drops the entry).
fn entries_of(plan: &[u8], mut edit: impl FnMut(&str, Vec<u8>) -> Option<Vec<u8>>) -> Vec<Entry> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(plan)).unwrap();
    let mut out = Vec::new();
    for i in 0..archive.len() {
        let mut f = archive.by_index(i).unwrap();
        let name = String::from_utf8_lossy(f.name_raw()).into_owned();
        let mut data = Vec::new();
        f.read_to_end(&mut data).unwrap();
        if let Some(d) = edit(&name, data) {
            out.push(stored(&name, &d));
        }
    }
    out
}

/// LSB-first bit writer for deflate streams.
#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    n: u32,
}

impl Bits {
    fn bit(&mut self, b: u32) {
        if self.n & 7 == 0 {
            self.out.push(0);
        }
        if b & 1 == 1 {
            *self.out.last_mut().unwrap() |= 1 << (self.n & 7);
        }
        self.n += 1;
    }
    /// A Huffman code, most significant bit first.
    fn code(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.bit(code >> i);
        }
    }
}

/// A fixed-Huffman deflate stream of one zero byte and `8 * groups` copies of (length 258,
/// distance 1): `1 + 2064 * groups` zeros.
fn zeros_stream_small(groups: usize) -> Vec<u8> {
    let mut b = Bits::default();
    b.bit(1); // final block
    b.bit(1); // fixed Huffman (01, least significant bit first)
    b.bit(0);
    b.code(0x30, 8); // literal 0
    for _ in 0..8 * groups {
        b.code(0xc5, 8); // length 258 (symbol 285)
        b.code(0, 5); // distance 1
    }
    b.code(0, 7); // end of block
    b.out
}

/// The same stream for many groups: from its third byte on it repeats every 13 bytes (8
/// matches of 13 bits), so a stream of gigabytes of zeros is built by repetition.
fn zeros_stream(groups: usize) -> Vec<u8> {
    let base = zeros_stream_small(2);
    let period = &base[2..15];
    assert_eq!(
        zeros_stream_small(3),
        [&base[..2], period, &base[2..]].concat(),
        "the stream is periodic"
    );
    let mut out = base[..2].to_vec();
    for _ in 0..groups - 2 {
        out.extend_from_slice(period);
    }
    out.extend_from_slice(&base[2..]);
    out
}

/// A deflated entry of `groups * 2064 + 1` zeros, with their true size and CRC.
fn bomb(name: &str, groups: usize) -> Entry {
    let size = 1 + 2064 * groups as u64;
    Entry {
        name: name.as_bytes().to_vec(),
        method: 8,
        data: zeros_stream(groups),
        size: size.min(u64::from(u32::MAX)) as u32,
        crc: crc32_zeros(size),
    }
}

// ---- protobuf and msgpack pieces -----------------------------------------------------------

fn varint(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return out;
        }
        out.push(b | 0x80);
    }
}

/// A length-delimited protobuf field.
fn field(number: u64, payload: &[u8]) -> Vec<u8> {
    [
        varint(number << 3 | 2),
        varint(payload.len() as u64),
        payload.to_vec(),
    ]
    .concat()
}

/// A `variables` entry (Plan field 2) named `name` holding `msgpack`: appended to a real
/// `tfplan`, protobuf merges it in.
fn variable(name: &str, msgpack: &[u8]) -> Vec<u8> {
    let dynamic = field(1, msgpack);
    let entry = [field(1, name.as_bytes()), field(2, &dynamic)].concat();
    field(2, &entry)
}

const PLANS: &[&str] = &[
    "create_basic/tf-1.15.5",
    "outputs/tf-1.15.5",
    "modules_deep/tf-1.11.4",
    "update_in_place/tf-1.0.3",
    "sensitive_nested/tf-1.6.6",
];

fn real_plan(i: usize) -> Vec<u8> {
    oracle(PLANS[i % PLANS.len()], "plan.tfplan")
}

/// A real plan with `edit` applied to its `tfplan` entry, the other entries kept.
fn with_tfplan(plan: &[u8], edit: impl Fn(Vec<u8>) -> Vec<u8>) -> Vec<u8> {
    zip(&entries_of(plan, |name, data| {
        Some(if name == "tfplan" { edit(data) } else { data })
    }))
}

// ---- the tests -----------------------------------------------------------------------------

#[test]
fn crc_of_zeros() {
    for n in [0, 1, 7, 1000, 4097] {
        assert_eq!(crc32_zeros(n), crc32(&vec![0; n as usize]), "{n}");
    }
}

#[test]
fn rebuilt_plans_still_show() {
    // The zips these tests build are read like the originals: what they refuse is the edit.
    for (i, name) in PLANS.iter().enumerate() {
        let plan = real_plan(i);
        let original = show(&plan);
        assert_eq!(original.code, Some(0), "{}", original.stderr);
        let rebuilt = show(&with_tfplan(&plan, |t| t));
        assert_eq!(rebuilt.code, Some(0), "{name}: {}", rebuilt.stderr);
        assert_eq!(rebuilt.stdout, original.stdout);
    }
}

#[test]
fn truncated_plans_are_refused() {
    for (i, name) in PLANS.iter().enumerate() {
        let plan = real_plan(i);
        let len = plan.len();
        for cut in [0, 1, 2, 4, 30, len / 3, len / 2, len - 22, len - 1] {
            if cut == 0 {
                continue; // the empty file has its own test
            }
            let r = show(&plan[..cut]);
            assert_refused(&r, &format!("{name} cut at {cut}"));
        }
        // The tfplan entry itself truncated, inside a valid zip.
        let r = show(&with_tfplan(&plan, |t| t[..t.len() / 2].to_vec()));
        assert_refused(&r, &format!("{name}: tfplan cut in half"));
    }
}

#[test]
fn bit_flipped_plans_are_refused_or_still_valid() {
    let mut rng = Rng(0x7f5e_ed11);
    for round in 0..30 {
        let mut plan = real_plan(round);
        for _ in 0..1 + rng.below(8) {
            let at = rng.below(plan.len());
            plan[at] ^= 1 << rng.below(8);
        }
        assert_refused_or_valid(&show(&plan), &format!("bit flips, round {round}"));
    }
    // Bit flips inside the (uncompressed) tfplan entry reach the protobuf and msgpack decoders.
    for round in 0..30 {
        let plan = real_plan(round);
        let seed = rng.next();
        let flipped = with_tfplan(&plan, |mut t| {
            let mut r = Rng(seed | 1);
            for _ in 0..1 + r.below(8) {
                let at = r.below(t.len());
                t[at] ^= 1 << r.below(8);
            }
            t
        });
        assert_refused_or_valid(&show(&flipped), &format!("tfplan bit flips, round {round}"));
    }
}

#[test]
fn zip_bombs_are_cut_off() {
    // 2 GiB of zeros as tfplan, compressed to 13 MiB.
    let groups = (2usize << 30) / 2064;
    let r = show(&zip(&[bomb("tfplan", groups)]));
    let e = assert_refused(&r, "tfplan bomb");
    assert!(e.contains("limit entry-size = 256 MiB"), "{e}");
    // A readable tfplan, then bombs in every other entry the reader reads.
    let plan = real_plan(0);
    let tfplan = entries_of(&plan, |n, d| (n == "tfplan").then_some(d));
    let small = (300usize << 20) / 2064;
    let mut entries = tfplan;
    for name in ["tfstate", "tfstate-prev", ".terraform.lock.hcl"] {
        entries.push(bomb(name, small));
    }
    let r = show(&zip(&entries));
    let e = assert_refused(&r, "state bombs");
    assert!(e.contains("limit entry-size"), "{e}");
    // Entries under the entry limit that add up to more than the total (limits scaled down,
    // so that a debug build inflates them quickly).
    let mut entries = entries_of(&plan, |n, d| (n == "tfplan").then_some(d));
    let under = (24usize << 20) / 2064;
    for name in ["tfstate", "tfstate-prev", ".terraform.lock.hcl"] {
        entries.push(bomb(name, under));
    }
    let r = run(
        &[
            "show",
            "--json",
            "--limit",
            "entry-size=32MiB",
            "--limit",
            "total-size=64MiB",
            "-",
        ],
        &zip(&entries),
    );
    let e = assert_refused(&r, "bombs adding up");
    assert!(e.contains("limit total-size = 64 MiB"), "{e}");
}

#[test]
fn amplifying_tfplan_is_refused_before_decoding() {
    // 8 MiB of empty resource changes (two bytes each, a struct of hundreds in memory).
    let t = [0x1a, 0x00].repeat(4 << 20);
    let entry = Entry {
        name: b"tfplan".to_vec(),
        method: 0,
        size: t.len() as u32,
        crc: crc32(&t),
        data: t,
    };
    let r = show(&zip(&[entry]));
    let e = assert_refused(&r, "amplifying tfplan");
    assert!(
        e.contains("limit collection-length") || e.contains("limit decoded-size"),
        "{e}"
    );
}

#[test]
fn huge_declared_lengths_are_refused() {
    let plan = real_plan(0);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        // msgpack arrays, maps, strings and binaries claiming 4 GiB.
        ("msgpack array", variable("x", b"\xdd\xff\xff\xff\xff")),
        ("msgpack map", variable("x", b"\xdf\xff\xff\xff\xff")),
        ("msgpack string", variable("x", b"\xdb\xff\xff\xff\xff")),
        ("msgpack binary", variable("x", b"\xc6\xff\xff\xff\xff")),
        (
            "msgpack extension",
            variable("x", b"\xc9\xff\xff\xff\xff\x0c"),
        ),
        // A protobuf field claiming 4 GiB.
        (
            "protobuf field",
            [varint(2 << 3 | 2), varint(u32::MAX.into())].concat(),
        ),
        (
            "protobuf varint",
            vec![
                0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            ],
        ),
    ];
    for (what, extra) in cases {
        let r = show(&with_tfplan(&plan, |t| [t, extra.clone()].concat()));
        assert_refused(&r, what);
    }
    // A zip whose central directory claims 65535 entries and a huge size.
    let mut z = zip(&entries_of(&plan, |_, d| Some(d)));
    let eocd = z.len() - 22;
    z[eocd + 8..eocd + 12].copy_from_slice(&[0xff; 4]);
    z[eocd + 12..eocd + 16].copy_from_slice(&[0xff, 0xff, 0xff, 0x7f]);
    assert_refused(&show(&z), "zip directory claims");
    // An entry whose local header claims 4 GiB stored.
    let mut e = stored("tfplan", b"\x08\x03");
    e.size = u32::MAX;
    assert_refused(&show(&zip(&[e])), "entry size claims");
}

#[test]
fn deep_nesting_is_refused() {
    let plan = real_plan(0);
    // msgpack: 100 000 nested arrays in a variable.
    let mut deep = vec![0x91u8; 100_000];
    deep.push(0xc0);
    let r = show(&with_tfplan(&plan, |t| {
        [t, variable("deep", &deep)].concat()
    }));
    let e = assert_refused(&r, "deep msgpack");
    assert!(e.contains("limit depth = 128"), "{e}");
    // A state attribute nested 150 deep: refused by default, shown once the limit is raised.
    let deep_attr = format!(
        r#"{{"version":4,"terraform_version":"1.9.0","serial":1,"lineage":"x","outputs":{{}},"resources":[{{"mode":"managed","type":"x_y","name":"z","provider":"provider[\"registry.terraform.io/hashicorp/x\"]","instances":[{{"schema_version":0,"attributes":{{"a":{}1{}}}}}]}}]}}"#,
        "[".repeat(150),
        "]".repeat(150)
    );
    let e = assert_refused(&show(deep_attr.as_bytes()), "150 deep");
    assert!(e.contains("limit depth = 128"), "{e}");
    let r = run(
        &["show", "--json", "--limit", "depth=200", "-"],
        deep_attr.as_bytes(),
    );
    assert_bounded(&r, "raised depth");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    // JSON: a state nested 100 000 deep, alone and inside a plan.
    let deep_json = format!(
        r#"{{"version":4,"terraform_version":"1.9.0","serial":1,"lineage":"x","resources":{}{}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let e = assert_refused(&show(deep_json.as_bytes()), "deep state");
    assert!(e.contains("limit depth"), "{e}");
    let r = show(&zip(&entries_of(&plan, |n, d| {
        Some(if n == "tfstate" {
            deep_json.as_bytes().to_vec()
        } else {
            d
        })
    })));
    assert_refused(&r, "deep state in a plan");
    // Deep provider schemas.
    let schemas = std::env::temp_dir().join(format!("tfshow-hostile-{}.json", std::process::id()));
    std::fs::write(
        &schemas,
        format!(
            r#"{{"format_version":"1.0","provider_schemas":{}{}}}"#,
            "{\"a\":".repeat(100_000),
            "}".repeat(100_000)
        ),
    )
    .unwrap();
    let r = run(
        &[
            "show",
            "--json",
            "--schemas",
            schemas.to_str().unwrap(),
            "-",
        ],
        &plan,
    );
    let _ = std::fs::remove_file(&schemas);
    let e = assert_refused(&r, "deep schemas");
    assert!(e.contains("limit depth"), "{e}");
    // HCL in the configuration snapshot: brackets, and a long chain of operators.
    for (what, src) in [
        (
            "parens",
            format!(
                "output \"x\" {{ value = {}1{} }}",
                "(".repeat(50_000),
                ")".repeat(50_000)
            ),
        ),
        (
            "template",
            format!("output \"x\" {{ value = \"{}\" }}", "${\"".repeat(20_000)),
        ),
        ("json", String::new()),
    ] {
        let plan = oracle("modules_deep/tf-1.11.4", "plan.tfplan");
        let bytes = zip(&entries_of(&plan, |n, d| {
            if what == "json" && n == "tfconfig/m-/main.tf" {
                return None;
            }
            Some(if n == "tfconfig/m-/main.tf" {
                src.as_bytes().to_vec()
            } else {
                d
            })
        })
        .into_iter()
        .chain((what == "json").then(|| {
            let v = format!(
                r#"{{"output":{{"x":{{"value":"${{{}1{}}}"}}}}}}"#,
                "\\u0028".repeat(50_000),
                ")".repeat(50_000)
            );
            stored("tfconfig/m-/main.tf.json", v.as_bytes())
        }))
        .collect::<Vec<_>>());
        let r = show(&bytes);
        assert_refused(&r, &format!("deep HCL ({what})"));
    }
}

#[test]
fn long_operator_chains_in_configuration_are_bounded() {
    // No brackets at all: `1+1+…`, `!!…x` and `a ? b : a ? b : …`; each must be refused or
    // shown, without overflowing the stack or taking long.
    let plan = oracle("modules_deep/tf-1.11.4", "plan.tfplan");
    for (what, expr) in [
        ("sum", format!("1{}", "+1".repeat(50_000))),
        ("not", format!("{}true", "!".repeat(50_000))),
        ("neg", format!("{}1", "-".repeat(50_000))),
        ("conditional", format!("{}1", "true ? 1 : ".repeat(20_000))),
        ("traversal", format!("var.x{}", ".a".repeat(50_000))),
        ("splat", format!("var.x{}", "[*]".repeat(30_000))),
    ] {
        let src = format!("output \"x\" {{\n  value = {expr}\n}}\n");
        let bytes = zip(&entries_of(&plan, |n, d| {
            Some(if n == "tfconfig/m-/main.tf" {
                src.as_bytes().to_vec()
            } else {
                d
            })
        }));
        assert_refused_or_valid(&show(&bytes), &format!("operator chain ({what})"));
    }
}

#[test]
fn random_tfplan_and_wrong_state_versions_are_refused() {
    let mut rng = Rng(0xdead_beef);
    let plan = real_plan(0);
    for round in 0..10 {
        let n = 1 + rng.below(4096);
        let random = rng.bytes(n);
        let r = show(&with_tfplan(&plan, |_| random.clone()));
        assert_refused(&r, &format!("random tfplan {round}"));
        let r = ui(&with_tfplan(&plan, |_| random.clone()));
        assert_refused(&r, &format!("random tfplan {round} (ui)"));
    }
    for state in [
        r#"{"version":3,"terraform_version":"0.11.14","serial":1,"lineage":"x","modules":[{"path":[]}]}"#,
        r#"{"version":0,"terraform_version":"0.11.14","serial":1,"lineage":"x","modules":[]}"#,
        r#"{"version":5,"terraform_version":"2.0.0","serial":1,"lineage":"x"}"#,
        r#"{"version":"4","terraform_version":"1.0.0","serial":1,"lineage":"x"}"#,
    ] {
        let e = assert_refused(&show(state.as_bytes()), state);
        assert!(e.contains("state"), "{e}");
    }
    // A wrong-version state inside a plan.
    let r = show(&zip(&entries_of(&plan, |n, d| {
        Some(if n == "tfstate" {
            br#"{"version":5,"terraform_version":"2.0.0","serial":1,"lineage":"x"}"#.to_vec()
        } else {
            d
        })
    })));
    assert_refused(&r, "old state in a plan");
}

#[test]
fn files_that_are_not_plans_are_refused_by_name() {
    let mut rng = Rng(42);
    let png = [
        &b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"[..],
        &b"\x00\x00\x00\nIDATx\x9cc\x00\x01\x00\x00\x05\x00\x01\r\n-\xb4\x00\x00\x00\x00IEND\xaeB`\x82"[..],
    ]
    .concat();
    let legacy = [&b"tfplan\x00\x00\x00\x01"[..], &rng.bytes(200)].concat();
    let bookmark =
        br#"{"remote_plan_format":1,"run_id":"run-abc123","hostname":"app.terraform.io"}"#;
    let tofu = br#"{"serial":1,"lineage":"x","meta":{"key_provider.pbkdf2.mykey":"eyJzYWx0IjoiIn0="},"encrypted_data":"AAAA","encryption_version":"v0"}"#;
    let cases: Vec<(&str, Vec<u8>, Option<&str>)> = vec![
        ("empty", Vec::new(), Some("empty")),
        ("whitespace", b" \n\t".to_vec(), Some("empty")),
        ("random", rng.bytes(10_000), Some("not a plan file")),
        (
            "random after PK",
            [&b"PK\x03\x04"[..], &rng.bytes(5000)].concat(),
            None,
        ),
        ("PNG image", png, Some("not a plan file")),
        ("legacy 0.11 plan", legacy, Some("Terraform 0.11")),
        (
            "HCP Terraform bookmark",
            bookmark.to_vec(),
            Some("HCP Terraform saved plan bookmark"),
        ),
        (
            "OpenTofu encrypted plan",
            tofu.to_vec(),
            Some("encrypted by OpenTofu"),
        ),
        (
            "zip without tfplan",
            zip(&[stored("readme.txt", b"hello")]),
            Some("no tfplan entry"),
        ),
        ("JSON array", b"[1,2,3]".to_vec(), Some("not a plan file")),
        (
            "a UI stream",
            oracle("create_basic/tf-1.15.5", "plan-ui.jsonl"),
            None,
        ),
    ];
    for (what, bytes, named) in &cases {
        for (command, r) in [("show", show(bytes)), ("ui", ui(bytes))] {
            let e = assert_refused(&r, &format!("{what} ({command})"));
            match named {
                Some("empty") if command == "ui" => {}
                Some(n) => assert!(e.contains(n), "{what} ({command}): {e}"),
                None => {}
            }
        }
    }
}

#[test]
fn path_traversal_entries_are_ignored_and_never_written() {
    let dir = std::env::temp_dir().join(format!("tfshow-hostile-cwd-{}", std::process::id()));
    let work = dir.join("a/b");
    std::fs::create_dir_all(&work).unwrap();
    let plan = real_plan(0);
    let mut entries = entries_of(&plan, |_, d| Some(d));
    for name in [
        "../../evil",
        "/tmp/tfshow-evil-absolute",
        "..\\..\\evil-windows",
        "tfconfig/../../evil-config",
    ] {
        entries.push(stored(name, b"#!/bin/sh\necho pwned\n"));
    }
    let with_evil = zip(&entries);
    let clean = run_in(&["show", "--json", "-"], &plan, Some(&work));
    let r = run_in(&["show", "--json", "-"], &with_evil, Some(&work));
    assert_bounded(&r, "path traversal");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, clean.stdout, "the plan still prints its JSON");
    for p in [
        dir.join("evil"),
        work.join("evil"),
        dir.join("evil-config"),
        PathBuf::from("/tmp/tfshow-evil-absolute"),
    ] {
        assert!(!p.exists(), "{} was written", p.display());
    }
    assert_eq!(
        std::fs::read_dir(&work).unwrap().count(),
        0,
        "nothing written"
    );
    let r = run_in(&["ui", "-"], &with_evil, Some(&work));
    assert_bounded(&r, "path traversal (ui)");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn limits_are_named_and_can_be_raised() {
    let plan = real_plan(0);
    let r = run(
        &["show", "--json", "--limit", "entry-size=1KiB", "-"],
        &plan,
    );
    let e = assert_refused(&r, "small entry-size");
    assert!(
        e.contains("(limit entry-size = 1 KiB; raise it with --limit entry-size=VALUE)"),
        "{e}"
    );
    let r = run(&["show", "--json", "--limit", "total-size=100", "-"], &plan);
    let e = assert_refused(&r, "small total-size");
    assert!(e.contains("limit total-size = 100 bytes"), "{e}");
    let r = run(&["show", "--json", "--limit", "bogus=1", "-"], &plan);
    assert_eq!(r.code, Some(2), "a bad --limit is a usage error");
    assert!(r.stderr.contains("unknown limit \"bogus\""), "{}", r.stderr);
    let r = run(&["limits"], b"");
    assert_eq!(r.code, Some(0));
    let help = String::from_utf8_lossy(&r.stdout);
    for name in [
        "total-size=512MiB",
        "entry-size=256MiB",
        "entries=10000",
        "depth=128",
    ] {
        assert!(help.contains(name), "`tfshow limits` lists {name}");
    }
}

/// Every fuzzer crash kept under `testdata/hostile/` (named `TARGET-what`) is handled: run the
/// way its fuzz target ran it, through the binary, it ends with an error (or, where the crash
/// was in a property the fuzzer checked rather than in tfshow, a valid result), never a panic
/// or a signal. msgpack fixtures are replayed by `tfshow-cty`'s own test.
#[test]
fn fuzzer_crashes_are_handled() {
    let dir = root().join("testdata/hostile");
    let basic = "create_basic/tf-1.15.5";
    let schemas = root()
        .join("testdata/oracle/scenarios")
        .join(basic)
        .join("schemas.json");
    let schemas = schemas.to_str().unwrap();
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        let file = path.to_str().unwrap();
        let (target, _) = name.split_once('-').unwrap_or((&name, ""));
        let runs: Vec<Run> = match target {
            "plan_container" => vec![show(&data), ui(&data)],
            "tfplan" => {
                let plan = zip(&[stored("tfplan", &data)]);
                vec![show(&plan), ui(&plan)]
            }
            "state_json" => vec![
                show(&data),
                run(&["show", "--json", "--schemas", schemas, "-"], &data),
            ],
            "schema_json" => vec![run(
                &["show", "--json", "--schemas", file, "-"],
                &oracle(basic, "plan.tfplan"),
            )],
            "hcl_config" => {
                let (&which, src) = data.split_first().unwrap_or((&0, &[]));
                let plan = oracle(basic, "plan.tfplan");
                let mut entries = entries_of(&plan, |n, d| {
                    (which % 3 == 2 || n != "tfconfig/m-/main.tf").then_some(d)
                });
                let file = ["main.tf", "main.tf.json", "z_override.tf"][usize::from(which % 3)];
                entries.push(stored(&format!("tfconfig/m-/{file}"), src));
                vec![show(&zip(&entries))]
            }
            "ui_stream" => {
                let r = run(&["watch", "--plain", "-"], &data);
                assert_bounded(&r, &name);
                assert!(matches!(r.code, Some(0 | 1)), "{name}: {}", r.stderr);
                Vec::new()
            }
            "encryption" => {
                let at = data.iter().position(|&b| b == 0).unwrap_or(data.len());
                let config = std::env::temp_dir()
                    .join(format!("tfshow-hostile-encryption-{}", std::process::id()));
                std::fs::write(&config, &data[..at]).unwrap();
                let file = data.get(at + 1..).unwrap_or_default();
                let r = run(
                    &[
                        "show",
                        "--json",
                        "--encryption",
                        config.to_str().unwrap(),
                        "-",
                    ],
                    file,
                );
                let _ = std::fs::remove_file(&config);
                vec![r]
            }
            "msgpack_roundtrip" => Vec::new(),
            _ => panic!("{name}: fixture of an unknown fuzz target"),
        };
        for r in &runs {
            assert_refused_or_valid(r, &name);
        }
        seen += 1;
    }
    assert!(seen > 0, "no fixtures in {}", dir.display());
}
