"""Read Terraform and OpenTofu plan and state files without Terraform.

>>> import tfshow
>>> doc = tfshow.show_json("plan.tfplan", schemas="schemas.json")  # what `terraform show -json` prints
>>> comment = tfshow.summary("plan.tfplan")                        # a pull-request comment (markdown)
>>> plan = tfshow.load("plan.tfplan")                              # that document as Python objects

Errors raise `TfshowError`, whose message is the one the `tfshow` command prints.
The `tfshow` command installed with this package is the same program as the Rust binary.
"""

import decimal
import json
import signal
import sys

from tfshow._native import TfshowError, run, show_json, summary

__all__ = ["TfshowError", "load", "main", "run", "show_json", "summary"]


def load(path, schemas=None, *, encryption=None, no_plugins=False):
    """The `show -json` document of a plan or state file as Python objects.

    Numbers stay exact: integers are `int`, other numbers `decimal.Decimal`.
    """
    text = show_json(path, schemas, encryption=encryption, no_plugins=no_plugins)
    return json.loads(text, parse_float=decimal.Decimal)


def main():
    """The `tfshow` command: runs the command line in this process, with the binary's
    signal behaviour (Ctrl-C ends the run at once, as it ends the binary)."""
    # Python turns SIGINT into KeyboardInterrupt, which native code never sees: give it back
    # its default action, as in the binary. SIGPIPE is ignored already, as in the binary.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    code = run(sys.argv)
    sys.exit(code)
