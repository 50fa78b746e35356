"""The Debian package as a user meets it: built by scripts/package.sh, checked by dpkg-deb and lintian,
installed into a clean Debian bookworm root, used (the CLI, the server, one comparison), removed."""
import concurrent.futures
import pathlib
import os
import re
import sqlite3
import subprocess
import time

import pytest
import requests

import debroot

ROOT = debroot.ROOT
VERSION = re.search(r'static let current = "(.+)"', (ROOT / "Sources/PeachCore/PeachVersion.swift").read_text())[1]


def report(capsys, text):
    with capsys.disabled():
        print(f"\n[package] {text}")


@pytest.fixture(scope="module")
def package():
    started = time.monotonic()
    built_log = os.environ.get("PEACH_PACKAGE_LOG")
    if built_log:
        # scripts/test.sh built it while the other suites ran: its output and exit status are here.
        status = int(pathlib.Path(built_log + ".status").read_text())
        output = pathlib.Path(built_log).read_text()
        assert status == 0, pathlib.Path(built_log + ".err").read_text()[-4000:]
        debroot.base_root()
    else:
        # The clean root (debootstrap: mostly download, on its first run only) is made while the package builds.
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            base_root = pool.submit(debroot.base_root)
            built = subprocess.run(["bash", "scripts/package.sh"], cwd=ROOT, capture_output=True, text=True)
            base_root.result()
        assert built.returncode == 0, built.stderr[-4000:]
        output = built.stdout
    path = ROOT / output.strip().splitlines()[-1]
    assert path.name == f"peach_{VERSION}_amd64.deb"
    return path, time.monotonic() - started


def deb(*arguments):
    return subprocess.run(["dpkg-deb", *map(str, arguments)], check=True, capture_output=True, text=True).stdout


def test_the_package_holds_the_tool_its_documentation_and_the_user_unit(package, capsys):
    path, seconds = package
    info = deb("--field", path)
    fields = dict(re.findall(r"^([\w-]+): (.*)$", info, re.MULTILINE))
    assert fields["Package"] == "peach" and fields["Version"] == VERSION and fields["Architecture"] == "amd64"
    depends = [d.split()[0] for d in fields["Depends"].split(", ")]
    for wanted in ["libasound2", "libfluidsynth3", "fluidr3mono-gm-soundfont", "libsqlite3-0", "libc6", "libqrencode4"]:
        assert wanted in depends, wanted
    # mDNS: the .local name a phone keeps (peach serve announces it where Avahi runs).
    assert fields["Recommends"] == "avahi-daemon, avahi-utils"
    # The Swift runtime is inside the binary, not a dependency.
    assert not any("swift" in d for d in depends)
    contents = {line.split()[-1].lstrip(".") for line in deb("--contents", path).splitlines()}
    for wanted in ["/usr/lib/peach/peach", "/usr/lib/peach/Peach_PeachWeb.resources/web/index.html",
                   "/usr/lib/peach/Peach_PeachFluidSynth.resources/Calibration/FluidR3Mono_GM.sf3.json",
                   "/usr/share/man/man1/peach.1.gz",
                   "/usr/share/bash-completion/completions/peach", "/usr/share/zsh/vendor-completions/_peach",
                   "/usr/share/fish/vendor_completions.d/peach.fish", "/usr/lib/systemd/user/peach.service",
                   "/usr/share/doc/peach/copyright", "/usr/share/doc/peach/changelog.gz"]:
        assert wanted in contents, wanted
    # Every file of the web app (the PeachWeb module's bundle), not only its page.
    web = ROOT / "Sources" / "PeachWeb" / "web"
    shipped = {f"/usr/lib/peach/Peach_PeachWeb.resources/web/{file.relative_to(web)}" for file in web.rglob("*") if file.is_file()}
    assert shipped <= contents, sorted(shipped - contents)
    assert any(line.endswith("./usr/bin/peach -> ../lib/peach/peach") for line in deb("--contents", path).splitlines())
    report(capsys, f"{path.name}: {path.stat().st_size / 1e6:.1f} MB, installed {fields['Installed-Size']} KiB, "
                   f"Depends: {fields['Depends']}; {'built alongside the other suites' if os.environ.get('PEACH_PACKAGE_LOG') else f'package.sh took {seconds:.0f} s'}")


def test_the_user_unit_leaves_room_for_many_connections(package):
    """Debian's soft limit of 1,024 files was a thousand idle sockets away from a server that could
    open nothing (issue 31)."""
    path, _ = package
    unit = subprocess.run(f"dpkg-deb --fsys-tarfile {path} | tar -xOf - ./usr/lib/systemd/user/peach.service",
                          shell=True, check=True, capture_output=True, text=True).stdout
    limits = re.findall(r"^LimitNOFILE=(\d+)$", unit, re.MULTILINE)
    assert limits and int(limits[0]) >= 8192, unit


def test_the_man_page_documents_every_command(package):
    path, _ = package
    extracted = subprocess.run(f"dpkg-deb --fsys-tarfile {path} | tar -xOf - ./usr/share/man/man1/peach.1.gz | gzip -d",
                               shell=True, check=True, capture_output=True, text=True).stdout
    rendered = subprocess.run(["man", "-l", "-"], input=extracted, capture_output=True, text=True,
                              env={"MANWIDTH": "200", "PATH": "/usr/bin:/bin"}).stdout
    for command in ["serve", "train", "match", "render", "play", "devices", "profile", "export", "import"]:
        assert re.search(rf"^\s+{command}\b", rendered, re.MULTILINE), command
    assert "--output" in rendered and "--device" in rendered and "--data" in rendered


def test_lintian_finds_no_errors(package, capsys):
    path, _ = package
    result = subprocess.run(["lintian", "--no-tag-display-limit", str(path)], capture_output=True, text=True)
    tags = result.stdout.splitlines()
    assert not [tag for tag in tags if tag.startswith("E:")], result.stdout
    report(capsys, "lintian: " + ("; ".join(tags) if tags else "no tags"))


def test_install_use_and_purge_in_a_clean_debian(package, capsys):
    path, _ = package
    with debroot.fresh_root() as root:
        target = root / "tmp" / path.name
        target.write_bytes(path.read_bytes())
        depends = deb("--field", path, "Depends").strip()
        # The dependencies first (apt fetches them from the archive), so that what the package itself
        # adds and leaves behind can be told apart from what they bring.
        dependencies_at = time.monotonic()
        satisfy = ["apt-get", "satisfy", "-y", "-qq", "--no-install-recommends", depends]
        if debroot.chroot(root, *satisfy, check=False, capture_output=True).returncode != 0:
            # The cached package lists may name versions the archive has replaced since.
            debroot.chroot(root, "apt-get", "update", "-qq", capture_output=True)
            debroot.chroot(root, *satisfy, capture_output=True)
        dependencies_seconds = time.monotonic() - dependencies_at
        before = debroot.files(root)

        # As a user does it: `sudo apt install ./peach_….deb`; then the first note, on an instrument
        # (the SoundFont package and the calibration bundle beside the binary).
        installed_at = time.monotonic()
        debroot.chroot(root, "apt-get", "install", "-y", "-qq", "--no-install-recommends", f"/tmp/{path.name}",
                       capture_output=True)
        install_seconds = time.monotonic() - installed_at
        rendered = debroot.chroot(root, "peach", "render", "--sound", "piano", "--note", "60", "--duration", "0.5",
                                  "-o", "/tmp/c4.wav", user=True, capture_output=True, text=True)
        first_note_seconds = time.monotonic() - installed_at
        assert rendered.stdout.startswith("/tmp/c4.wav: 0.5"), rendered.stderr
        assert (root / "tmp/c4.wav").stat().st_size > 90_000

        version = debroot.chroot(root, "peach", "--version", user=True, capture_output=True, text=True)
        assert version.stdout.strip() == VERSION

        server = debroot.popen(root, "peach", "serve", "--port", "0", "--no-browser",
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            url = server.stdout.readline().strip()
            assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url), server.stderr.read() if server.poll() else url
            health = requests.get(url + "api/health", timeout=10)
            body = health.json()
            # webVersion: the version and a digest of the web files the service worker keys its cache on.
            assert body.pop("webVersion").startswith(VERSION + "-") and body == {"status": "ok", "version": VERSION}
            comparison = requests.post(url + "api/comparisons", timeout=10)
            assert comparison.status_code == 201
            answer = requests.post(url + f"api/comparisons/{comparison.json()['id']}/answer",
                                   json={"answer": "higher"}, timeout=10)
            assert answer.status_code == 200 and isinstance(answer.json()["isCorrect"], bool)
            # The web app comes from the resource bundle beside the installed binary.
            page = requests.get(url, timeout=10)
            assert page.status_code == 200 and "<html" in page.text.lower()
        finally:
            server.terminate()
            server.wait(timeout=10)

        # No sound card in the root: one sentence, not ALSA's own messages.
        missing = debroot.chroot(root, "peach", "play", "--device", "hw:99", user=True, check=False,
                                 capture_output=True, text=True)
        assert missing.returncode != 0 and len(missing.stderr.splitlines()) == 1 and "hw:99" in missing.stderr
        for completion in ["usr/share/bash-completion/completions/peach", "usr/share/fish/vendor_completions.d/peach.fish"]:
            assert "devices" in (root / completion).read_text()

        debroot.chroot(root, "dpkg", "--purge", "peach", capture_output=True)
        after = debroot.files(root)
        user_data = pathlib.Path(debroot.HOME) / ".local/share/peach"
        database = root / str(user_data).lstrip("/") / "peach.sqlite"
        with sqlite3.connect(database) as connection:
            assert connection.execute("SELECT COUNT(*) FROM comparison").fetchone() == (1,)
        state = ("/var/lib/dpkg/", "/var/lib/apt/", "/var/cache/", "/var/log/", "/tmp/", "/run/")
        left = {p for p in after - before
                if not p.startswith(state) and not (p + "/").startswith(str(user_data.parent) + "/")
                and p not in (f"{debroot.HOME}/.local", f"{debroot.HOME}/.local/share")}
        assert left == set()
        assert not (root / "usr/bin/peach").exists() and not (root / "usr/lib/peach").exists()
        report(capsys, f"dependencies (apt-get satisfy) {dependencies_seconds:.1f} s; apt install of the package "
                       f"{install_seconds:.1f} s; install start → first note rendered {first_note_seconds:.1f} s")
