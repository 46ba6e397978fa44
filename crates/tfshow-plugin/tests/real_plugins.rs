//! Launching real provider plugins: hashicorp/null 2.1.2 (protocol 5, its real release binary)
//! and tools/test-provider (protocol 6, terraform-plugin-framework). Needs
//! `TFSHOW_TEST_PLUGINS` (see tools/test-plugins.sh); each test says when it was skipped.

mod common;

use std::time::Duration;

use common::*;
use tfshow_plugin::{Options, Plugin};

const NULL: &str = "registry.terraform.io/hashicorp/null";

#[test]
fn null_schema_is_what_terraform_prints() {
    let Some(dir) = plugins("null_schema_is_what_terraform_prints") else {
        return;
    };
    let schema = tfshow_plugin::provider_schema(&null_binary(&dir), &Options::default()).unwrap();
    assert_eq!(schema.protocol_version(), 5);
    // `terraform providers schema -json` of Terraform 1.15.5 with this very provider.
    let want =
        std::fs::read(testdata().join("oracle/scenarios/null_provider/tf-1.15.5/schemas.json"))
            .unwrap();
    let got = schema.document(NULL);
    assert_eq!(
        String::from_utf8_lossy(&got),
        String::from_utf8_lossy(want.trim_ascii_end())
    );
    // And it loads as a schemas file does.
    let schemas = tfshow_schema::Schemas::from_json(&got).unwrap();
    let r = schemas
        .resource(NULL, tfshow_schema::Mode::Managed, "null_resource")
        .unwrap();
    assert_eq!(r.version, 0);
    assert!(r.block.attribute("triggers").is_some());
}

#[test]
fn null_schema_matches_every_terraform_version() {
    let Some(dir) = plugins("null_schema_matches_every_terraform_version") else {
        return;
    };
    let got = tfshow_plugin::provider_schema(&null_binary(&dir), &Options::default())
        .unwrap()
        .document(NULL);
    let got: serde_json::Value = serde_json::from_slice(&got).unwrap();
    // Terraform 1.0 said format_version 0.2; the provider's schema is the same.
    for v in ["1.0.3", "1.6.6", "1.8.4", "1.11.4", "1.14.9", "1.15.5"] {
        let path = testdata().join(format!(
            "oracle/scenarios/null_provider/tf-{v}/schemas.json"
        ));
        let want: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(
            got["provider_schemas"], want["provider_schemas"],
            "Terraform {v}"
        );
    }
}

#[test]
fn null_plugin_leaves_nothing_behind() {
    let Some(dir) = plugins("null_plugin_leaves_nothing_behind") else {
        return;
    };
    // Stopped cleanly.
    let mut plugin = Plugin::launch(&null_binary(&dir), &Options::default()).unwrap();
    let (pid, socket_dir) = (plugin.pid(), plugin.socket_dir().to_path_buf());
    assert!(plugin.uses_tls(), "null 2.1.2 offers AutoMTLS");
    assert!(
        !socket_dir.exists(),
        "the socket directory goes once connected"
    );
    plugin.schema().unwrap();
    plugin.stop().unwrap();
    assert!(process_gone(pid), "plugin {pid} still runs after stop");
    assert!(!socket_dir.exists());

    // Dropped without stopping, as on an error path.
    let plugin = Plugin::launch(&null_binary(&dir), &Options::default()).unwrap();
    let pid = plugin.pid();
    drop(plugin);
    assert!(process_gone(pid), "plugin {pid} still runs after drop");

    // Dropped while a panic unwinds.
    let binary = null_binary(&dir);
    let pid = std::panic::catch_unwind(move || {
        let plugin = Plugin::launch(&binary, &Options::default()).unwrap();
        let pid = plugin.pid();
        std::panic::panic_any(pid);
        #[allow(unreachable_code)]
        drop(plugin)
    })
    .unwrap_err();
    let pid = *pid.downcast::<u32>().unwrap();
    assert!(process_gone(pid), "plugin {pid} still runs after a panic");
}

#[test]
fn framework_schema_has_protocol_6_features() {
    let Some(dir) = plugins("framework_schema_has_protocol_6_features") else {
        return;
    };
    let mut plugin = Plugin::launch(&framework_binary(&dir), &Options::default()).unwrap();
    assert_eq!(plugin.protocol_version(), 6);
    assert!(plugin.uses_tls());
    let pid = plugin.pid();
    let schema = plugin.schema().unwrap();
    plugin.stop().unwrap();
    assert!(process_gone(pid));

    let addr = "registry.terraform.io/tfshow/tfshowtest";
    let doc = schema.document(addr);
    // What Terraform 1.15.5 printed for this provider (tests/data/README.md says how).
    let want = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tfshowtest-schemas.json"),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&doc),
        String::from_utf8_lossy(want.trim_ascii_end())
    );
    let v: serde_json::Value = serde_json::from_slice(&doc).unwrap();
    let p = &v["provider_schemas"][addr];
    let thing = &p["resource_schemas"]["tfshowtest_thing"];
    assert_eq!(thing["version"], 2);
    assert_eq!(thing["block"]["description_kind"], "markdown");
    let attrs = &thing["block"]["attributes"];
    assert_eq!(attrs["password"]["sensitive"], true);
    assert_eq!(attrs["api_key"]["write_only"], true);
    assert_eq!(attrs["size"]["deprecated"], true);
    assert_eq!(attrs["settings"]["nested_type"]["nesting_mode"], "single");
    assert_eq!(
        attrs["settings"]["nested_type"]["attributes"]["secret"]["sensitive"],
        true
    );
    assert_eq!(attrs["endpoints"]["nested_type"]["nesting_mode"], "list");
    assert_eq!(
        thing["block"]["block_types"]["rule"]["nesting_mode"],
        "list"
    );
    assert_eq!(
        p["provider"]["block"]["attributes"]["token"]["sensitive"],
        true
    );
    let id = &p["resource_identity_schemas"]["tfshowtest_thing"];
    assert_eq!(id["version"], 1);
    assert_eq!(id["attributes"]["id"]["required_for_import"], true);
    assert_eq!(id["attributes"]["region"]["optional_for_import"], true);
    assert_eq!(p["functions"]["echo"]["return_type"], "string");
    assert_eq!(p["functions"]["echo"]["parameters"][0]["is_nullable"], true);
    assert_eq!(
        p["functions"]["echo"]["variadic_parameter"]["type"],
        "number"
    );

    // It loads as a schemas file does, sensitivity and identity included.
    let schemas = tfshow_schema::Schemas::from_json(&doc).unwrap();
    let r = schemas
        .resource(addr, tfshow_schema::Mode::Managed, "tfshowtest_thing")
        .unwrap();
    assert!(r.block.contains_sensitive());
    assert_eq!(
        schemas.identity(addr, "tfshowtest_thing").unwrap().version,
        1
    );
}

#[test]
fn plugins_die_with_the_process_that_launched_them() {
    let Some(dir) = plugins("plugins_die_with_the_process_that_launched_them") else {
        return;
    };
    // A helper process (this test binary, running the ignored test below) launches the null
    // plugin, says its pid, and waits; it is then stopped as Ctrl-C stops a program.
    let mut helper = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "hold_a_plugin",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("TFSHOW_TEST_PLUGINS", &dir)
        .env("TFSHOW_TEST_HOLD", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(helper.stdout.take().unwrap());
    let mut pid = None;
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut out, &mut line).unwrap() > 0 {
        // libtest may print the test's name on the same line first.
        if let Some((_, p)) = line.trim().split_once("plugin pid ") {
            pid = Some(p.parse::<u32>().unwrap());
            break;
        }
        line.clear();
    }
    let pid = pid.expect("the helper printed the plugin's pid");
    assert!(!process_gone(pid));
    // SAFETY: a plain syscall on our own child.
    unsafe {
        libc::kill(helper.id() as libc::pid_t, libc::SIGINT);
    }
    helper.wait().unwrap();
    assert!(
        wait_gone(pid, Duration::from_secs(5)),
        "plugin {pid} outlived the Ctrl-C of its launcher"
    );
}

/// Run by `plugins_die_with_the_process_that_launched_them` in a process of its own.
#[test]
#[ignore = "a helper for another test"]
fn hold_a_plugin() {
    if std::env::var_os("TFSHOW_TEST_HOLD").is_none() {
        return;
    }
    let dir = plugins("hold_a_plugin").unwrap();
    let plugin = Plugin::launch(&null_binary(&dir), &Options::default()).unwrap();
    println!("plugin pid {}", plugin.pid());
    std::thread::sleep(Duration::from_secs(60));
    drop(plugin);
}

#[test]
fn h1_of_the_real_null_package_is_the_lock_files() {
    let Some(dir) = plugins("h1_of_the_real_null_package_is_the_lock_files") else {
        return;
    };
    // The hash `terraform init` wrote into the lock file of the oracle's null_provider plans.
    const LOCKED: &str = "h1:CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE=";
    let plan = testdata().join("oracle/scenarios/null_provider/tf-1.15.5/plan.tfplan");
    let mut plan = zip::ZipArchive::new(std::fs::File::open(plan).unwrap()).unwrap();
    let mut lock = String::new();
    std::io::Read::read_to_string(&mut plan.by_name(".terraform.lock.hcl").unwrap(), &mut lock)
        .unwrap();
    assert!(
        lock.contains(&format!("\"{LOCKED}\"")),
        "the plan's lock file lists {LOCKED}"
    );
    assert_eq!(
        tfshow_plugin::hash::h1_dir(&dir.join("null")).unwrap(),
        LOCKED
    );

    // The same package as a zip has the same h1.
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("null.zip");
    {
        let mut z = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        z.start_file(
            "terraform-provider-null_v2.1.2_x4",
            zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Stored),
        )
        .unwrap();
        std::io::copy(&mut std::fs::File::open(null_binary(&dir)).unwrap(), &mut z).unwrap();
        z.finish().unwrap();
    }
    assert_eq!(tfshow_plugin::hash::h1_zip(&zip_path).unwrap(), LOCKED);
}

#[test]
fn oracle_schema_over_plaintext_is_what_terraform_prints() {
    let Some(dir) = plugins("oracle_schema_over_plaintext_is_what_terraform_prints") else {
        return;
    };
    let Some(binary) = oracle_binary(&dir) else {
        return;
    };
    let mut plugin = Plugin::launch(&binary, &Options::default()).unwrap();
    assert_eq!(plugin.protocol_version(), 6);
    assert!(
        !plugin.uses_tls(),
        "the oracle provider serves plaintext gRPC"
    );
    let (pid, socket_dir) = (plugin.pid(), plugin.socket_dir().to_path_buf());
    let schema = plugin.schema().unwrap();
    plugin.stop().unwrap();
    assert!(process_gone(pid));
    assert!(!socket_dir.exists());

    // Every Terraform version of the corpus printed this provider's schema the same way; the
    // entry in each schemas.json is our bytes exactly.
    let member = [
        &b"\"registry.terraform.io/corpus/oracle\":"[..],
        schema.json(),
    ]
    .concat();
    let mut checked = 0;
    for scenario in std::fs::read_dir(testdata().join("oracle/scenarios")).unwrap() {
        for v in ["1.0.3", "1.6.6", "1.8.4", "1.11.4", "1.14.9", "1.15.5"] {
            let path = scenario
                .as_ref()
                .unwrap()
                .path()
                .join(format!("tf-{v}/schemas.json"));
            let Ok(raw) = std::fs::read(&path) else {
                continue;
            };
            if !raw
                .windows(36)
                .any(|w| w == b"\"registry.terraform.io/corpus/oracle")
            {
                continue;
            }
            assert!(
                raw.windows(member.len()).any(|w| w == member.as_slice()),
                "{} differs",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(
        checked > 100,
        "only {checked} schemas.json files name the oracle provider"
    );
}

#[test]
fn a_server_certificate_other_than_the_announced_one_is_refused() {
    let Some(dir) = plugins("a_server_certificate_other_than_the_announced_one_is_refused") else {
        return;
    };
    // The real framework plugin, but its handshake line announces another certificate.
    let tmp = tempfile::tempdir().unwrap();
    let wrapper = tmp.path().join("impostor");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n'{}' | {{ IFS= read -r line; echo \"${{line%|*}}|AQID\"; cat; }}\n",
            framework_binary(&dir).display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(
        &wrapper,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let before = processes_running("terraform-provider-tfshowtest");
    let err = Plugin::launch(&wrapper, &Options::default()).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("cannot connect")
            && msg.contains("certificate is not the one its handshake line announced"),
        "{msg}"
    );
    // The real plugin behind the wrapper is gone too (its whole process group was killed).
    std::thread::sleep(Duration::from_millis(100));
    let after: Vec<u32> = processes_running("terraform-provider-tfshowtest")
        .into_iter()
        .filter(|p| !before.contains(p))
        .collect();
    assert!(after.is_empty(), "left running: {after:?}");
}
