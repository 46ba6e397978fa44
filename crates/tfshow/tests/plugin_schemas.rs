//! Schemas without `--schemas`, from real provider plugins laid out as `terraform init` leaves
//! them, and from the schema cache (#14): `show --json` must print Terraform's bytes.
//!
//! Needs the real plugins of `tools/test-plugins.sh DIR` (`TFSHOW_TEST_PLUGINS=DIR`); each
//! test says when it was skipped. Every run gets an environment of its own (an empty `HOME`,
//! `XDG_CACHE_HOME` and `TMPDIR` in a temporary directory, no `TF_*` variables), so nothing
//! of the machine's own Terraform set-up is used.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NULL: &str = "registry.terraform.io/hashicorp/null";
const ORACLE: &str = "registry.terraform.io/corpus/oracle";
/// The versions the oracle's cases were made with.
const VERSIONS: [&str; 6] = ["1.0.3", "1.6.6", "1.8.4", "1.11.4", "1.14.9", "1.15.5"];

fn plugins(test: &str) -> Option<PathBuf> {
    match std::env::var_os("TFSHOW_TEST_PLUGINS") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "tests with real plugins skipped ({test} and the others): TFSHOW_TEST_PLUGINS is not set (run tools/test-plugins.sh DIR and set it to DIR)"
                );
            });
            None
        }
    }
}

fn scenario(name: &str, version: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(name)
        .join(format!("tf-{version}"))
}

fn platform() -> &'static str {
    match std::env::consts::ARCH {
        "aarch64" => "linux_arm64",
        _ => "linux_amd64",
    }
}

/// The real lock file Terraform wrote for the null provider 2.1.2 (kept in the 1.15.5 plan).
fn null_lock() -> Vec<u8> {
    entry(
        &scenario("null_provider", "1.15.5").join("plan.tfplan"),
        ".terraform.lock.hcl",
    )
}

fn entry(zip: &Path, name: &str) -> Vec<u8> {
    use std::io::Read;
    let mut z = zip::ZipArchive::new(std::fs::File::open(zip).unwrap()).unwrap();
    let mut out = Vec::new();
    z.by_name(name).unwrap().read_to_end(&mut out).unwrap();
    out
}

/// A temporary world: a working directory, an empty home, a cache and a temporary directory.
struct World {
    root: tempfile::TempDir,
}

impl World {
    fn new() -> World {
        let root = tempfile::tempdir().unwrap();
        for d in ["work", "home", "cache", "tmp"] {
            std::fs::create_dir(root.path().join(d)).unwrap();
        }
        World { root }
    }
    fn path(&self, p: &str) -> PathBuf {
        self.root.path().join(p)
    }
    fn work(&self) -> PathBuf {
        self.path("work")
    }
    /// Runs tfshow with `args` and only the environment this world gives, plus `env`.
    fn run(&self, args: &[&str], env: &[(&str, &Path)]) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
        cmd.args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.path("home"))
            .env("XDG_CACHE_HOME", self.path("cache"))
            .env("TMPDIR", self.path("tmp"));
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    }
    /// `show --json --chdir WORK plan.tfplan`.
    fn show_json(&self, extra: &[&str], env: &[(&str, &Path)]) -> Output {
        let work = self.work();
        let mut args = vec!["show", "--json", "--chdir", work.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.push("plan.tfplan");
        self.run(&args, env)
    }
    /// Puts `binary` where `terraform init` puts a provider: `BASE/HOST/NS/TYPE/VERSION/OS_ARCH/`.
    fn install(
        &self,
        base: &Path,
        addr: &str,
        version: &str,
        binary: &Path,
        name: &str,
    ) -> PathBuf {
        let dir = base.join(addr).join(version).join(platform());
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(binary, dir.join(name)).unwrap();
        dir
    }
    fn tmp_is_empty(&self) -> bool {
        std::fs::read_dir(self.path("tmp"))
            .unwrap()
            .next()
            .is_none()
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_same(o: &Output, want: &Path, what: &str) {
    assert!(o.status.success(), "{what}: {}", stderr(o));
    let want = std::fs::read(want).unwrap();
    if o.stdout != want {
        panic!(
            "{what}: output differs from Terraform's\n{}",
            similar::TextDiff::from_lines(
                String::from_utf8_lossy(&want).as_ref(),
                String::from_utf8_lossy(&o.stdout).as_ref()
            )
            .unified_diff()
        );
    }
}

fn null_binary(plugins: &Path) -> PathBuf {
    plugins.join("null/terraform-provider-null_v2.1.2_x4")
}

/// A shell script that leaves `marker` if it is ever run, then runs `then` (or fails).
fn marker_script(path: &Path, marker: &Path, then: Option<&Path>) {
    use std::os::unix::fs::PermissionsExt;
    let tail = match then {
        Some(t) => format!("exec '{}' \"$@\"\n", t.display()),
        None => "exit 1\n".into(),
    };
    std::fs::write(
        path,
        format!("#!/bin/sh\necho ran >> '{}'\n{tail}", marker.display()),
    )
    .unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The null provider's cases of all six Terraform versions, laid out as `terraform init`
/// leaves them: `show --json` equals Terraform's `plan.json` byte for byte (configuration
/// included) from the plugin, then again from the cache once the plugin is gone, then again
/// with only `TF_PLUGIN_CACHE_DIR` holding the plugin.
#[test]
fn null_plans_of_six_versions_are_exact_from_plugin_then_cache_then_plugin_cache_dir() {
    let Some(plugins) = plugins("null_plans_of_six_versions") else {
        return;
    };
    for v in VERSIONS {
        let case = scenario("null_provider", v);
        let w = World::new();
        std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
        // Terraform 1.0 keeps the lock file only in the working directory.
        std::fs::write(w.work().join(".terraform.lock.hcl"), null_lock()).unwrap();
        let providers = w.work().join(".terraform/providers");
        w.install(
            &providers,
            NULL,
            "2.1.2",
            &null_binary(&plugins),
            "terraform-provider-null_v2.1.2_x4",
        );

        // 1. From the plugin, which is then cached; nothing said on stderr.
        let o = w.show_json(&[], &[]);
        assert_same(
            &o,
            &case.join("plan.json"),
            &format!("{v}: from the plugin"),
        );
        assert_eq!(stderr(&o), "", "{v}: stderr");
        assert!(w.tmp_is_empty(), "{v}: something left in TMPDIR");
        assert_eq!(
            processes_in(&w.work()),
            Vec::<u32>::new(),
            "{v}: a plugin still runs"
        );

        // 2. The plugin removed: from the cache, and --verbose says so.
        std::fs::remove_dir_all(w.work().join(".terraform")).unwrap();
        let o = w.show_json(&["--verbose"], &[]);
        assert_same(&o, &case.join("plan.json"), &format!("{v}: from the cache"));
        let err = stderr(&o);
        assert!(
            err.contains(&format!("schema of {NULL} 2.1.2: from the cache")),
            "{v}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{v}: one line per provider: {err}");

        // 3. The cache cleared; only TF_PLUGIN_CACHE_DIR has the plugin.
        let o = w.run(&["schemas", "clear"], &[]);
        assert!(o.status.success(), "{}", stderr(&o));
        let plugin_cache = w.path("plugin-cache");
        w.install(
            &plugin_cache,
            NULL,
            "2.1.2",
            &null_binary(&plugins),
            "terraform-provider-null_v2.1.2_x4",
        );
        let o = w.show_json(&["--verbose"], &[("TF_PLUGIN_CACHE_DIR", &plugin_cache)]);
        assert_same(
            &o,
            &case.join("plan.json"),
            &format!("{v}: TF_PLUGIN_CACHE_DIR"),
        );
        assert!(
            stderr(&o).contains("from its plugin"),
            "{v}: {}",
            stderr(&o)
        );
        assert!(w.tmp_is_empty());
    }
}

/// The human view and the state of the 1.15.5 case come out as Terraform's too (no value
/// masked: the schema is known).
#[test]
fn human_view_and_state_use_the_plugin_schema() {
    let Some(plugins) = plugins("human_view_and_state_use_the_plugin_schema") else {
        return;
    };
    let case = scenario("null_provider", "1.15.5");
    let w = World::new();
    for f in ["plan.tfplan", "terraform.tfstate"] {
        std::fs::copy(case.join(f), w.work().join(f)).unwrap();
    }
    std::fs::write(w.work().join(".terraform.lock.hcl"), null_lock()).unwrap();
    w.install(
        &w.work().join(".terraform/providers"),
        NULL,
        "2.1.2",
        &null_binary(&plugins),
        "terraform-provider-null_v2.1.2_x4",
    );
    let work = w.work();
    let o = w.run(
        &[
            "show",
            "--no-color",
            "--chdir",
            work.to_str().unwrap(),
            "plan.tfplan",
        ],
        &[],
    );
    assert_same(&o, &case.join("plan.txt"), "show");
    assert_eq!(stderr(&o), "");
    let o = w.run(
        &[
            "show",
            "--json",
            "--chdir",
            work.to_str().unwrap(),
            "terraform.tfstate",
        ],
        &[],
    );
    assert_same(&o, &case.join("state.json"), "state");
    assert_eq!(stderr(&o), "");
}

/// A binary whose hash the lock file does not list is never run, unpacked or zipped: a
/// warning names the provider and why, and the document is printed without its schema.
#[test]
fn a_binary_the_lock_file_does_not_list_is_never_run() {
    if plugins("a_binary_the_lock_file_does_not_list_is_never_run").is_none() {
        return;
    }
    let case = scenario("null_provider", "1.15.5");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    let marker = w.path("ran");
    let dir = w
        .work()
        .join(".terraform/providers")
        .join(NULL)
        .join("2.1.2")
        .join(platform());
    std::fs::create_dir_all(&dir).unwrap();
    marker_script(
        &dir.join("terraform-provider-null_v2.1.2_x4"),
        &marker,
        None,
    );
    // The same script, zipped into a filesystem mirror named by the CLI configuration.
    let mirror = w.path("mirror");
    let zdir = mirror.join(NULL);
    std::fs::create_dir_all(&zdir).unwrap();
    let mut z = zip::ZipWriter::new(
        std::fs::File::create(
            zdir.join(format!("terraform-provider-null_2.1.2_{}.zip", platform())),
        )
        .unwrap(),
    );
    z.start_file(
        "terraform-provider-null_v2.1.2_x4",
        zip::write::SimpleFileOptions::default().unix_permissions(0o755),
    )
    .unwrap();
    z.write_all(&std::fs::read(dir.join("terraform-provider-null_v2.1.2_x4")).unwrap())
        .unwrap();
    z.finish().unwrap();
    let rc = w.path("terraformrc");
    std::fs::write(
        &rc,
        format!(
            "provider_installation {{\n  filesystem_mirror {{\n    path = \"{}\"\n  }}\n}}\n",
            mirror.display()
        ),
    )
    .unwrap();

    let o = w.show_json(&[], &[("TF_CLI_CONFIG_FILE", &rc)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!marker.exists(), "the untrusted binary was run");
    let err = stderr(&o);
    // Both packages refused, each named with its hash and the lock file's.
    assert_eq!(
        err.matches("is not one the lock file lists").count(),
        2,
        "{err}"
    );
    assert!(err.contains(&format!("{NULL} 2.1.2")), "{err}");
    assert!(
        err.contains("h1:CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE="),
        "{err}"
    );
    assert!(
        err.contains(&format!("no schema for provider {NULL}")),
        "{err}"
    );
    assert!(w.tmp_is_empty(), "the zip's copy was left behind");
    // The cache holds nothing.
    let o = w.run(&["schemas", "list"], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "");
}

/// A real package zipped into a mirror (the packed layout) is checked, unpacked into a
/// private directory that is removed afterwards, and run: the output is Terraform's.
#[test]
fn a_zipped_package_in_a_mirror_runs_when_listed() {
    let Some(plugins) = plugins("a_zipped_package_in_a_mirror_runs_when_listed") else {
        return;
    };
    let case = scenario("null_provider", "1.11.4");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    let mirror = w.path("home/.terraform.d/plugins");
    let zdir = mirror.join(NULL);
    std::fs::create_dir_all(&zdir).unwrap();
    let mut z = zip::ZipWriter::new(
        std::fs::File::create(
            zdir.join(format!("terraform-provider-null_2.1.2_{}.zip", platform())),
        )
        .unwrap(),
    );
    z.start_file(
        "terraform-provider-null_v2.1.2_x4",
        zip::write::SimpleFileOptions::default().unix_permissions(0o755),
    )
    .unwrap();
    z.write_all(&std::fs::read(null_binary(&plugins)).unwrap())
        .unwrap();
    z.finish().unwrap();
    let o = w.show_json(&["--verbose"], &[]);
    assert_same(&o, &case.join("plan.json"), "zip in ~/.terraform.d/plugins");
    assert!(stderr(&o).contains("from its plugin"), "{}", stderr(&o));
    assert!(w.tmp_is_empty(), "the unpacked package was left behind");
}

/// The oracle's provider (a launcher script installed by test-plugins.sh) does not have the
/// hash the plans' lock files list for `corpus/oracle`: it is never run for them. Where the
/// working directory's lock file lists it (Terraform 1.0 plans keep no lock file), it runs and
/// the output is Terraform's, for a plan using both the oracle and the null provider.
#[test]
fn oracle_plans_refuse_the_relaunched_oracle_and_run_it_when_locked() {
    let Some(plugins) = plugins("oracle_plans_refuse_the_relaunched_oracle") else {
        return;
    };
    let oracle = plugins.join("oracle/terraform-provider-oracle_v0.1.0");
    if !oracle.exists() {
        eprintln!("no oracle provider in {}: skipped", plugins.display());
        return;
    }
    // The plans' own lock files (1.1+) list the oracle's original launcher.
    for v in ["1.6.6", "1.8.4", "1.11.4", "1.14.9", "1.15.5"] {
        let case = scenario("update_in_place", v);
        let w = World::new();
        std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
        let marker = w.path("ran");
        let dir = w
            .work()
            .join(".terraform/providers")
            .join(ORACLE)
            .join("0.1.0")
            .join(platform());
        std::fs::create_dir_all(&dir).unwrap();
        marker_script(
            &dir.join("terraform-provider-oracle_v0.1.0"),
            &marker,
            Some(&oracle),
        );
        let o = w.show_json(&[], &[]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
        assert!(!marker.exists(), "{v}: the oracle was run");
        assert!(
            stderr(&o).contains("is not one the lock file lists"),
            "{v}: {}",
            stderr(&o)
        );
    }

    // Terraform 1.0.3: the working directory's lock file vouches for the installed oracle
    // (as `terraform providers lock` would write it) and for the real null provider.
    let case = scenario("create_basic", "1.0.3");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    let providers = w.work().join(".terraform/providers");
    let marker = w.path("ran");
    let odir = providers.join(ORACLE).join("0.1.0").join(platform());
    std::fs::create_dir_all(&odir).unwrap();
    marker_script(
        &odir.join("terraform-provider-oracle_v0.1.0"),
        &marker,
        Some(&oracle),
    );
    w.install(
        &providers,
        NULL,
        "2.1.2",
        &null_binary(&plugins),
        "terraform-provider-null_v2.1.2_x4",
    );
    let oracle_h1 = tfshow_h1(&odir);
    let lock = format!(
        "provider \"{ORACLE}\" {{\n  version = \"0.1.0\"\n  hashes = [\n    \"{oracle_h1}\",\n  ]\n}}\n\n{}",
        String::from_utf8(null_lock()).unwrap()
    );
    std::fs::write(w.work().join(".terraform.lock.hcl"), lock).unwrap();
    let o = w.show_json(&[], &[]);
    assert_same(&o, &case.join("plan.json"), "create_basic 1.0.3");
    assert!(marker.exists(), "the locked oracle should have run");
    assert_eq!(stderr(&o), "");

    // --no-plugins never launches anything: with a fresh cache, neither plugin runs.
    std::fs::remove_file(&marker).unwrap();
    let o = w.run(&["schemas", "clear"], &[]);
    assert!(o.status.success());
    let o = w.show_json(&["--no-plugins"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!marker.exists(), "--no-plugins ran the oracle");
    let err = stderr(&o);
    assert!(
        err.contains(&format!("no schema for provider {ORACLE} 0.1.0")),
        "{err}"
    );
    assert!(
        err.contains(&format!("no schema for provider {NULL} 2.1.2")),
        "{err}"
    );
    assert!(err.contains("--no-plugins"), "{err}");
}

/// The `h1:` hash of a package directory (tfshow-plugin's, checked there against the hash
/// Terraform wrote for the real null provider).
fn tfshow_h1(dir: &Path) -> String {
    tfshow_plugin::hash::h1_dir(dir).unwrap()
}

/// A damaged cache entry is ignored with a warning, never used: the plugin is asked again
/// and the entry rewritten; without the plugin the provider has no schema.
#[test]
fn a_damaged_cache_entry_is_ignored_with_a_warning() {
    let Some(plugins) = plugins("a_damaged_cache_entry_is_ignored_with_a_warning") else {
        return;
    };
    let case = scenario("null_provider", "1.8.4");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    w.install(
        &w.work().join(".terraform/providers"),
        NULL,
        "2.1.2",
        &null_binary(&plugins),
        "terraform-provider-null_v2.1.2_x4",
    );
    assert_same(&w.show_json(&[], &[]), &case.join("plan.json"), "first run");
    let entry = w
        .path("cache/tfshow/schemas/v1")
        .join(NULL)
        .join("2.1.2/h1-CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE.tfsc");
    let good = std::fs::read(&entry).unwrap();
    // One flipped bit in the schema: the checksum catches it.
    let mut bad = good.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x10;
    std::fs::write(&entry, &bad).unwrap();
    let o = w.show_json(&[], &[]);
    assert_same(&o, &case.join("plan.json"), "damaged entry, plugin there");
    assert!(
        stderr(&o).contains("checksum does not match; ignored"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read(&entry).unwrap(),
        good,
        "the entry was not rewritten"
    );
    // Truncated, and no plugin: a warning, and no schema.
    std::fs::write(&entry, &good[..good.len() / 3]).unwrap();
    let o = w.show_json(&["--no-plugins"], &[]);
    assert!(o.status.success());
    let err = stderr(&o);
    assert!(err.contains("ignored"), "{err}");
    assert!(
        err.contains(&format!("no schema for provider {NULL}")),
        "{err}"
    );
    assert_ne!(o.stdout, std::fs::read(case.join("plan.json")).unwrap());
}

/// `schemas import` splits a `providers schema -json` file per provider, keyed by the
/// versions a lock file gives; `show`, `export` and `list` print what is cached, and an
/// imported entry serves its version only.
#[test]
fn import_show_export_and_versions() {
    let case = scenario("create_basic", "1.15.5");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    let schemas = case.join("schemas.json");
    let work = w.work();
    let chdir = ["--chdir", work.to_str().unwrap()];
    // Without a version nothing is imported.
    let o = w.run(&["schemas", "import", schemas.to_str().unwrap()], &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("not imported: no version"),
        "{}",
        stderr(&o)
    );
    // The plan's own lock file gives the versions.
    let o = w.run(
        &[
            "schemas",
            "import",
            "--lock-file",
            "plan.tfplan",
            schemas.to_str().unwrap(),
            chdir[0],
            chdir[1],
        ],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 2);
    let o = w.show_json(&[], &[]);
    assert_same(&o, &case.join("plan.json"), "imported schemas");
    assert_eq!(stderr(&o), "");
    // export gives back Terraform's document (both providers); show one of them.
    let o = w.run(&["schemas", "export"], &[]);
    assert_eq!(o.stdout, std::fs::read(&schemas).unwrap());
    let o = w.run(&["schemas", "show", "hashicorp/null@2.1.2"], &[]);
    let want: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&schemas).unwrap()).unwrap();
    let got: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        got["provider_schemas"][NULL],
        want["provider_schemas"][NULL]
    );
    let list = String::from_utf8(w.run(&["schemas", "list"], &[]).stdout).unwrap();
    assert!(list.contains(&format!("{NULL} 2.1.2 imported -")), "{list}");
    // Another version of null is not served by the 2.1.2 entry.
    let lock = String::from_utf8(null_lock())
        .unwrap()
        .replace("\"2.1.2\"", "\"2.2.0\"");
    let case10 = scenario("null_provider", "1.0.3");
    std::fs::copy(case10.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    std::fs::write(w.work().join(".terraform.lock.hcl"), lock).unwrap();
    let o = w.show_json(&["--no-plugins"], &[]);
    assert!(
        stderr(&o).contains(&format!("no schema for provider {NULL} 2.2.0")),
        "{}",
        stderr(&o)
    );
    // clear empties it.
    let o = w.run(&["schemas", "clear"], &[]);
    assert!(
        String::from_utf8_lossy(&o.stdout).starts_with("removed 2 "),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert_eq!(w.run(&["schemas", "list"], &[]).stdout, b"");
}

/// The order is `--schemas`, then the cache: a schemas file with only the null provider and
/// a cache with the oracle's give Terraform's bytes, and `--verbose` names each source; the
/// views, `summary` and `diff` then mask nothing and say nothing.
#[test]
fn schemas_file_first_then_the_cache_for_every_command() {
    let case = scenario("create_basic", "1.15.5");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    let mut all: serde_json::Value =
        serde_json::from_slice(&std::fs::read(case.join("schemas.json")).unwrap()).unwrap();
    let oracle = all["provider_schemas"][ORACLE].take();
    all["provider_schemas"]
        .as_object_mut()
        .unwrap()
        .remove(ORACLE);
    let only_null = w.path("null-only.json");
    std::fs::write(&only_null, serde_json::to_vec(&all).unwrap()).unwrap();
    let only_oracle = w.path("oracle-only.json");
    std::fs::write(
        &only_oracle,
        serde_json::to_vec(
            &serde_json::json!({"format_version": "1.0", "provider_schemas": {ORACLE: oracle}}),
        )
        .unwrap(),
    )
    .unwrap();
    let o = w.run(
        &[
            "schemas",
            "import",
            "--provider-version",
            "corpus/oracle=0.1.0",
            only_oracle.to_str().unwrap(),
        ],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = w.show_json(
        &["--verbose", "--schemas", only_null.to_str().unwrap()],
        &[],
    );
    assert_same(&o, &case.join("plan.json"), "--schemas then the cache");
    let err = stderr(&o);
    assert!(
        err.contains(&format!("schema of {NULL}: from --schemas")),
        "{err}"
    );
    assert!(
        err.contains(&format!("schema of {ORACLE} 0.1.0: from the cache")),
        "{err}"
    );
    // Both from the cache alone? No: null is not cached, and there is no plugin.
    let o = w.show_json(&[], &[]);
    assert!(stderr(&o).contains(&format!("no schema for provider {NULL} 2.1.2")));
    // With both cached, every command is quiet (none masks values; --redact, which refuses
    // without every schema, succeeds).
    let o = w.run(
        &[
            "schemas",
            "import",
            "--lock-file",
            case.join("plan.tfplan").to_str().unwrap(),
            case.join("schemas.json").to_str().unwrap(),
        ],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let work = w.work();
    let dir = work.to_str().unwrap();
    let o = w.run(&["show", "--no-color", "--chdir", dir, "plan.tfplan"], &[]);
    assert_same(&o, &case.join("plan.txt"), "show");
    assert_eq!(stderr(&o), "");
    for args in [
        &["summary", "--chdir", dir, "plan.tfplan"][..],
        &["diff", "--chdir", dir, "plan.tfplan", "plan.tfplan"][..],
        &["show", "--json", "--redact", "--chdir", dir, "plan.tfplan"][..],
        &["ui", "--chdir", dir, "plan.tfplan"][..],
    ] {
        let o = w.run(args, &[]);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

/// Processes whose working directory is `dir` (a plugin runs in the working directory).
fn processes_in(dir: &Path) -> Vec<u32> {
    let dir = std::fs::canonicalize(dir).unwrap();
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| {
                s.rsplit_once(')')
                    .is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
            })
            .unwrap_or(true);
        if !zombie && std::fs::read_link(format!("/proc/{pid}/cwd")).is_ok_and(|c| c == dir) {
            out.push(pid);
        }
    }
    out
}

/// tfshow killed while a zipped plugin it unpacked is starting: the plugin dies with it and
/// the unpacked package is removed by the guard.
#[test]
fn killed_during_a_launch_leaves_no_process_and_no_files() {
    if plugins("killed_during_a_launch_leaves_no_process_and_no_files").is_none() {
        return;
    }
    let case = scenario("null_provider", "1.0.3");
    let w = World::new();
    std::fs::copy(case.join("plan.tfplan"), w.work().join("plan.tfplan")).unwrap();
    // A package whose plugin never answers the handshake, listed in the lock file.
    let zdir = w.path("home/.terraform.d/plugins").join(NULL);
    std::fs::create_dir_all(&zdir).unwrap();
    let zip_path = zdir.join(format!("terraform-provider-null_2.1.2_{}.zip", platform()));
    let mut z = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    z.start_file(
        "terraform-provider-null_v2.1.2_x4",
        zip::write::SimpleFileOptions::default().unix_permissions(0o755),
    )
    .unwrap();
    z.write_all(b"#!/bin/sh\nexec sleep 60\n").unwrap();
    z.finish().unwrap();
    let h1 = tfshow_plugin::hash::h1_zip(&zip_path).unwrap();
    std::fs::write(
        w.work().join(".terraform.lock.hcl"),
        format!("provider \"{NULL}\" {{\n  version = \"2.1.2\"\n  hashes = [\"{h1}\"]\n}}\n"),
    )
    .unwrap();
    let work = w.work();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args([
            "show",
            "--json",
            "--chdir",
            work.to_str().unwrap(),
            "plan.tfplan",
        ])
        .env_clear()
        .env("HOME", w.path("home"))
        .env("XDG_CACHE_HOME", w.path("cache"))
        .env("TMPDIR", w.path("tmp"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the plugin to be running in the working directory.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    // (tfshow itself works there too, after --chdir.)
    while processes_in(&work).iter().all(|p| *p == child.id()) {
        assert!(
            std::time::Instant::now() < deadline,
            "the plugin never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!w.tmp_is_empty(), "the package is unpacked while it runs");
    child.kill().unwrap();
    child.wait().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !(processes_in(&work).is_empty() && w.tmp_is_empty()) {
        assert!(
            std::time::Instant::now() < deadline,
            "left behind: processes {:?}, files {:?}",
            processes_in(&work),
            std::fs::read_dir(w.path("tmp"))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .collect::<Vec<_>>()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
