"""Tests of the `tfshow` Python package as `pip install .` installs it: the module against the
installed `tfshow` command and real Terraform/OpenTofu output (testdata/oracle/scenarios).

Run from the project root in a venv where the package is installed:
    python -m unittest discover -s python/tests
"""

import decimal
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import tfshow

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCENARIOS = os.path.join(ROOT, "testdata", "oracle", "scenarios")
# The entry point pip installed next to this interpreter, not a cargo-built binary.
COMMAND = os.path.join(os.path.dirname(sys.executable), "tfshow")

# No provider schema may come from the machine: only the cases' own schemas files.
ENV = dict(os.environ)
for name in ("HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "TF_DATA_DIR",
             "TF_PLUGIN_CACHE_DIR", "TF_CLI_CONFIG_FILE", "TOFU_CLI_CONFIG_FILE"):
    ENV[name] = "/nonexistent/tfshow-tests"
os.environ.update(ENV)


def case(name, release):
    d = os.path.join(SCENARIOS, name, release)
    return (os.path.join(d, "plan.tfplan"), os.path.join(d, "schemas.json"),
            os.path.join(d, "plan.json"))


CASES = [case("create_basic", "tf-1.15.5"), case("strings_numbers", "tofu-1.12.6"),
         case("count_for_each", "tf-1.0.3")]


def wait_until_reading_stdin(pid, timeout=60):
    """Waits until the process is blocked reading its standard input (Linux: read(0, ...) in
    /proc/PID/syscall), so that a signal reaches the native code, not Python's start-up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/syscall") as f:
                if f.read().startswith("0 0x0 "):
                    return
        except OSError:
            time.sleep(2)  # no /proc: give the interpreter time to start
            return
        time.sleep(0.02)


def command(*args, **kw):
    return subprocess.run([COMMAND, *args], capture_output=True, env=ENV, **kw)


class ShowJson(unittest.TestCase):
    def test_equals_the_command_and_terraform(self):
        for plan, schemas, expected in CASES:
            with self.subTest(plan=plan):
                doc = tfshow.show_json(plan, schemas)
                cli = command("show", "--json", "--schemas", schemas, plan)
                self.assertEqual(cli.returncode, 0, cli.stderr)
                self.assertEqual(doc.encode("utf-8"), cli.stdout)
                with open(expected, "rb") as f:
                    self.assertEqual(doc.encode("utf-8").rstrip(b"\n"), f.read().rstrip(b"\n"))

    def test_without_schemas_still_a_document(self):
        plan, _, _ = CASES[0]
        doc = json.loads(tfshow.show_json(plan, no_plugins=True))
        self.assertIn("resource_changes", doc)


class Summary(unittest.TestCase):
    def test_formats_equal_the_command(self):
        plan, schemas, _ = CASES[0]
        for fmt in ("markdown", "text", "json", "html"):
            with self.subTest(format=fmt):
                text = tfshow.summary(plan, fmt, schemas=schemas)
                cli = command("summary", "--format", fmt, "--schemas", schemas, plan)
                self.assertEqual(cli.returncode, 0, cli.stderr)
                self.assertEqual(text.encode("utf-8"), cli.stdout)
        self.assertIn("Plan:", tfshow.summary(plan, schemas=schemas))

    def test_unknown_format_is_an_error(self):
        plan, schemas, _ = CASES[0]
        with self.assertRaisesRegex(tfshow.TfshowError, "yaml"):
            tfshow.summary(plan, "yaml", schemas=schemas)


class Load(unittest.TestCase):
    def test_numbers_stay_exact(self):
        plan, schemas, expected = CASES[1]
        doc = tfshow.load(plan, schemas)
        with open(expected, "rb") as f:
            self.assertEqual(doc, json.loads(f.read(), parse_float=decimal.Decimal))
        after = {rc["address"]: rc["change"]["after"] for rc in doc["resource_changes"]}
        upd = after["oracle_thing.upd"]
        self.assertEqual(upd["ratio"], decimal.Decimal("0.30000000000000004"))
        self.assertEqual(upd["count_num"], 9007199254740993)
        self.assertEqual(upd["big"], -123456789012345678901234567890)


class Errors(unittest.TestCase):
    def test_error_text_is_the_commands(self):
        missing = os.path.join(tempfile.gettempdir(), "tfshow-no-such-plan.tfplan")
        with self.assertRaises(tfshow.TfshowError) as ctx:
            tfshow.show_json(missing)
        cli = command("show", "--json", missing)
        self.assertEqual(cli.returncode, 1)
        self.assertEqual(cli.stderr.decode(), f"tfshow: {ctx.exception}\n")
        self.assertTrue(str(ctx.exception).startswith(missing + ": "))

    def test_not_a_plan(self):
        config = os.path.join(SCENARIOS, "create_basic", "main.tf")
        with self.assertRaisesRegex(tfshow.TfshowError, "main.tf: "):
            tfshow.load(config)


class Command(unittest.TestCase):
    def test_file_alone_is_show(self):
        plan, schemas, _ = CASES[0]
        alone = command(plan, "--schemas", schemas)
        show = command("show", "--schemas", schemas, plan)
        self.assertEqual(alone.returncode, 0, alone.stderr)
        self.assertEqual(alone.stdout, show.stdout)
        self.assertIn(b"Terraform will perform the following actions", alone.stdout)

    def test_misuse_exits_2(self):
        cli = command("summary", "--format", "yaml", CASES[0][0])
        self.assertEqual(cli.returncode, 2)
        self.assertIn(b"yaml", cli.stderr)

    def test_version(self):
        cli = command("--version")
        self.assertEqual(cli.returncode, 0)
        self.assertTrue(cli.stdout.startswith(b"tfshow "))

    def test_broken_pipe_is_quiet_success(self):
        plan, schemas, _ = CASES[0]
        p = subprocess.Popen([COMMAND, "show", "--json", "--schemas", schemas, plan],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
        p.stdout.close()
        _, err = p.communicate(timeout=60)
        self.assertEqual(p.returncode, 0, err)
        self.assertEqual(err, b"")

    def test_ctrl_c_ends_the_run_as_it_ends_the_binary(self):
        # Reading a standard input that never ends, as the binary would, until SIGINT.
        p = subprocess.Popen([COMMAND, "show", "--json", "-"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
        wait_until_reading_stdin(p.pid)
        p.send_signal(signal.SIGINT)
        try:
            p.communicate(timeout=30)
        finally:
            if p.poll() is None:
                p.kill()
        self.assertEqual(p.returncode, -signal.SIGINT)


if __name__ == "__main__":
    unittest.main()
