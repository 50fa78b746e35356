"""`<host>.local` through a real Avahi (issue 54): avahi-daemon, with a D-Bus system bus of its own, in
a network and mount namespace this test makes (`unshare -n -m`), on a veth interface there, so no
mDNS packet leaves the namespace. The server announces its service; Avahi resolves the name to the
server's address and lists the service; after `kill -9` of the server the service is gone."""
import os
import re
import shutil
import subprocess
import textwrap

import pytest

from conftest import PEACH

TOKEN = "mdns-token-0123456789abcdef"
NEEDED = ("unshare", "ip", "dbus-daemon", "avahi-daemon", "avahi-browse", "avahi-resolve", "avahi-publish-service")


def namespace_available():
    if os.geteuid() != 0 or any(shutil.which(tool) is None for tool in NEEDED):
        return False
    probe = subprocess.run(["unshare", "-n", "-m", "--propagation", "private", "true"], capture_output=True)
    return probe.returncode == 0


@pytest.mark.skipif(not namespace_available(), reason="needs root, unshare, dbus-daemon and Avahi (scripts/setup.sh)")
def test_a_real_avahi_resolves_the_announced_name_and_forgets_the_service_when_the_server_dies(tmp_path):
    (tmp_path / "avahi.conf").write_text(textwrap.dedent("""\
        [server]
        use-ipv4=yes
        use-ipv6=no
        allow-interfaces=peach0
        enable-dbus=yes
        [publish]
        publish-workstation=no
        """))
    data = tmp_path / "data"
    data.mkdir()
    script = textwrap.dedent(f"""\
        set -e
        mount -t tmpfs tmpfs /run
        mkdir -p /run/dbus /run/avahi-daemon
        ip link set lo up
        ip link add peach0 type veth peer name peach1
        ip link set peach1 up
        ip link set peach0 multicast on up
        ip addr add 192.168.77.1/24 dev peach0
        dbus-daemon --system --fork
        trap 'avahi-daemon -k 2>/dev/null; kill $(cat /run/dbus/pid) 2>/dev/null' EXIT
        avahi-daemon -f {tmp_path}/avahi.conf -D --no-drop-root --no-chroot
        for i in $(seq 50); do avahi-daemon --check 2>/dev/null && break; sleep 0.1; done
        {PEACH} serve --host 0.0.0.0 --port 0 --no-browser --token {TOKEN} --data {data}/peach.sqlite > {tmp_path}/serve.log 2>&1 &
        server=$!
        for i in $(seq 100); do grep -q -e "Announced as" -e "not announced" {tmp_path}/serve.log && break; sleep 0.1; done
        name=$(hostname | cut -d. -f1 | tr A-Z a-z).local
        echo "resolve: $(timeout 10 avahi-resolve -4 -n "$name")"
        timeout 10 avahi-browse -rtp _https._tcp | sed 's/^/browse: /'
        kill -9 $server
        sleep 2
        timeout 10 avahi-browse -rtp _https._tcp | sed 's/^/after: /'
        """)
    result = subprocess.run(["unshare", "-n", "-m", "--propagation", "private", "sh", "-c", script],
                            capture_output=True, text=True, timeout=120)
    served = (tmp_path / "serve.log").read_text()
    assert result.returncode == 0, result.stderr + served
    name = re.search(r"Announced as (\S+\.local) ", served)
    assert name, served
    port = re.match(r"https://192\.168\.77\.1:(\d+)/", served).group(1)
    assert f"resolve: {name.group(1)}\t192.168.77.1" in result.stdout, result.stdout
    services = [line for line in result.stdout.splitlines() if line.startswith("browse: =")]
    assert any(f";{name.group(1)};192.168.77.1;{port};" in line and "Peach" in line for line in services), result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("after: ")], result.stdout
