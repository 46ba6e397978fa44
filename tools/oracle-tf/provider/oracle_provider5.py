#!/usr/bin/env python3
"""corpus/oracle over plugin protocol 5, for Terraform releases without protocol 6 (0.12-0.14).

The same provider as oracle_provider.py (same schemas, plan/apply rules, object store, import),
served as tfplugin5.Provider: GetSchema, PrepareProviderConfig (echoes the config back),
ValidateResourceTypeConfig, ValidateDataSourceConfig, Configure and Stop are protocol 5's names
for what protocol 6 calls GetProviderSchema, ValidateProviderConfig, ... The resource type
oracle_nested is left out: protocol 5 has no nested attribute types (a configuration using it
gets Terraform's "Invalid resource type" error).

The launcher that ../install.sh writes runs this file when Terraform does not offer protocol 6
(PLUGIN_PROTOCOL_VERSIONS, set by go-plugin, lacks 6), and ../../oracle/provider/oracle_provider.py
otherwise. Plans and new states are marked legacy_type_system (see Provider5.PlanResourceChange).
"""
import os
import shutil
import sys
import tempfile
import threading
from concurrent import futures

import grpc
from tfplugin_proto import tfplugin5_2_pb2 as pb5
from tfplugin_proto import tfplugin5_2_pb2_grpc as pbg5

# tools/oracle/provider/oracle_provider.py
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle", "provider"))
import oracle_provider as op  # noqa: E402

# The protocol-6 code builds its messages through the module global `pb`; protocol 5 has the
# same messages (names, fields, enum values) for everything it uses.
op.pb = pb5
op.RESOURCES.pop("oracle_nested", None)


class Provider5(op.Provider, pbg5.ProviderServicer):
    def GetSchema(self, req, ctx):
        return self.GetProviderSchema(req, ctx)

    def PrepareProviderConfig(self, req, ctx):
        return pb5.PrepareProviderConfig.Response(prepared_config=req.config)

    def ValidateResourceTypeConfig(self, req, ctx):
        return pb5.ValidateResourceTypeConfig.Response()

    def ValidateDataSourceConfig(self, req, ctx):
        return pb5.ValidateDataSourceConfig.Response()

    def Configure(self, req, ctx):
        self.config = op.decode(req.config) or {}
        return pb5.Configure.Response()

    def Stop(self, req, ctx):
        return pb5.Stop.Response()

    # legacy_type_system, as every provider of the 0.12-0.14 era set it (they were all built with
    # the legacy SDK): Terraform then logs a plan or new state that breaks its consistency rules
    # instead of failing. The provider keeps those rules but for one thing it cannot control:
    # Terraform 0.12/0.13 (go-cty < 1.8) compare sets with reflect.DeepEqual, so a set of numbers
    # echoed back unchanged does not equal the configuration's set when the two numbers differ in
    # big.Float precision (a literal in the configuration has 512 bits, a number decoded from
    # msgpack 64), which the wire encoding does not show: "Provider produced invalid plan ...
    # planned value cty.SetVal([...]) does not match config value cty.SetVal([...])".
    def PlanResourceChange(self, req, ctx):
        resp = super().PlanResourceChange(req, ctx)
        resp.legacy_type_system = True
        return resp

    def ApplyResourceChange(self, req, ctx):
        resp = super().ApplyResourceChange(req, ctx)
        resp.legacy_type_system = True
        return resp


def serve():
    """go-plugin plumbing as in oracle_provider.serve(), announcing protocol 5."""
    tmp = tempfile.gettempdir()
    for d in os.listdir(tmp):  # sweep socket dirs of providers that were SIGKILLed
        pid = d.split("-")[2] if d.startswith("oracle-plugin-") and d.count("-") >= 3 else ""
        if pid.isdigit() and not os.path.exists("/proc/" + pid):
            shutil.rmtree(os.path.join(tmp, d), ignore_errors=True)
    sockdir = tempfile.mkdtemp(prefix="oracle-plugin-%d-" % os.getpid())
    sock = os.path.join(sockdir, "p.sock")
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=16))
    pbg5.add_ProviderServicer_to_server(Provider5(), server)

    def shutdown(req, ctx):
        def bye():
            server.stop(0)
            shutil.rmtree(sockdir, ignore_errors=True)
            os._exit(0)
        threading.Timer(0.05, bye).start()
        return b""

    raw = dict(request_deserializer=lambda b: b, response_serializer=lambda b: b)
    server.add_generic_rpc_handlers((
        grpc.method_handlers_generic_handler("plugin.GRPCController", {
            "Shutdown": grpc.unary_unary_rpc_method_handler(shutdown, **raw)}),
        grpc.method_handlers_generic_handler("grpc.health.v1.Health", {
            "Check": grpc.unary_unary_rpc_method_handler(lambda r, c: b"\x08\x01", **raw)}),
    ))
    server.add_insecure_port("unix:" + sock)
    server.start()

    def orphan_watchdog(parent=os.getppid()):  # Terraform crashed or was killed: exit too
        while os.getppid() == parent:
            threading.Event().wait(1.0)
        shutil.rmtree(sockdir, ignore_errors=True)
        os._exit(0)
    threading.Thread(target=orphan_watchdog, daemon=True).start()
    sys.stdout.write("1|5|unix|%s|grpc\n" % sock)
    sys.stdout.flush()
    server.wait_for_termination()


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "store":
        sys.exit(op.store_cli(sys.argv[2:]))
    serve()
