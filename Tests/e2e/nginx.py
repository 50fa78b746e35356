"""Debian's nginx in front of Peach instances, run as the current user from a temporary directory,
with the documented example configuration (deploy/nginx/peach.conf): only its upstream servers,
its listening port and its server name are rewritten, so the tested configuration is the one
docs/deploy.md gives. Used by the class-server e2e tests and by Benchmarks/class_server.py."""
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "deploy" / "nginx" / "peach.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class NginxProxy:
    def __init__(self, upstream_ports):
        self.upstream_ports = list(upstream_ports)
        self.directory = None
        self.process = None
        self.port = None
        self.url = None

    def configuration(self):
        example = EXAMPLE.read_text()
        servers = "".join(f"    server 127.0.0.1:{port};\n" for port in self.upstream_ports)
        example, replaced = re.subn(r"(?:    server 127\.0\.0\.1:\d+;\n)+", servers, example, count=1)
        assert replaced == 1, "deploy/nginx/peach.conf lists its upstream servers differently"
        example, replaced = re.subn(r"listen \d+;", f"listen 127.0.0.1:{self.port};", example)
        assert replaced == 1, "deploy/nginx/peach.conf listens differently"
        example = re.sub(r"server_name [^;]+;", "server_name localhost;", example)
        where = self.directory
        return (f"pid {where}/nginx.pid;\nerror_log {where}/error.log;\nworker_processes 1;\n"
                "events { worker_connections 4096; }\n"
                f"http {{\n  log_format upstreams '$upstream_addr $status $request';\n"
                f"  access_log {where}/access.log upstreams;\n"
                + "".join(f"  {kind}_temp_path {where}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
                + example + "}\n")

    def start(self):
        self.directory = tempfile.mkdtemp(prefix="peach-nginx-")
        # Run as root, nginx's workers are another user, who must reach the temporary files.
        pathlib.Path(self.directory).chmod(0o755)
        self.port = free_port()
        config = pathlib.Path(self.directory) / "nginx.conf"
        config.write_text(self.configuration())
        checked = subprocess.run([NGINX, "-t", "-p", self.directory, "-c", str(config), "-e", f"{self.directory}/error.log"],
                                 capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen([NGINX, "-p", self.directory, "-c", str(config), "-e", f"{self.directory}/error.log",
                                         "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                assert self.process.poll() is None, self.process.stderr.read()
                assert time.monotonic() < deadline, "nginx did not start listening"
                time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}/"
        return self

    def upstreams_used(self):
        """How many requests each instance answered, from the access log's upstream addresses."""
        log = (pathlib.Path(self.directory) / "access.log").read_text()
        return {port: log.count(f"127.0.0.1:{port}") for port in self.upstream_ports}

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        if self.directory:
            shutil.rmtree(self.directory, ignore_errors=True)
