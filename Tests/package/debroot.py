"""A clean Debian bookworm root in a folder, for installing the package the way a user would.

The minimal root debootstrap makes is cached in .build-debroot/bookworm (made once, about 200 MB);
every run works on a fresh copy of it with /proc and /dev mounted, and always unmounts them."""
import contextlib
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
CACHE = ROOT / ".build-debroot"
BASE = CACHE / "bookworm"
# Downloaded .deb files survive the run roots, so the dependencies are fetched once.
ARCHIVES = CACHE / "archives"
MIRROR = "http://deb.debian.org/debian"
USER = "musician"
HOME = f"/home/{USER}"


def base_root():
    """The cached clean root: minbase, an unprivileged user, apt's package lists."""
    if (BASE / "etc/debian_version").exists():
        return BASE
    building = CACHE / "bookworm.tmp"
    unmount_below(building)
    shutil.rmtree(building, ignore_errors=True)
    CACHE.mkdir(exist_ok=True)
    subprocess.run(["debootstrap", "--variant=minbase", "bookworm", str(building), MIRROR],
                   check=True, stdout=subprocess.DEVNULL)
    shutil.copy("/etc/resolv.conf", building / "etc/resolv.conf")
    with mounted(building):
        chroot(building, "useradd", "--create-home", "--shell", "/bin/bash", USER)
        chroot(building, "apt-get", "update", "-qq")
    building.rename(BASE)
    return BASE


@contextlib.contextmanager
def fresh_root(name="run"):
    """A copy of the base root with /proc and /dev mounted, removed (after unmounting) on exit."""
    base = base_root()
    root = CACHE / name
    discard(root)
    subprocess.run(["cp", "-a", "--reflink=auto", str(base), str(root)], check=True)
    shutil.copy("/etc/resolv.conf", root / "etc/resolv.conf")
    ARCHIVES.mkdir(exist_ok=True)
    try:
        with mounted(root):
            subprocess.run(["mount", "--bind", str(ARCHIVES), str(root / "var/cache/apt/archives")], check=True)
            yield root
    finally:
        discard(root)


@contextlib.contextmanager
def mounted(root):
    try:
        subprocess.run(["mount", "-t", "proc", "proc", str(root / "proc")], check=True)
        subprocess.run(["mount", "--bind", "/dev", str(root / "dev")], check=True)
        yield
    finally:
        unmount_below(root)


def unmount_below(root):
    """Unmounts everything mounted inside root, deepest first (also what a killed run left)."""
    prefix = str(root.resolve()) + "/"
    with open("/proc/mounts") as table:
        points = [line.split()[1].replace("\\040", " ") for line in table]
    for point in sorted((p for p in points if p.startswith(prefix)), key=len, reverse=True):
        subprocess.run(["umount", "--lazy", point], check=True)


def discard(root):
    if root.exists():
        unmount_below(root)
        # --one-file-system: never descend into a mount, should one have survived.
        subprocess.run(["rm", "-rf", "--one-file-system", str(root)], check=True)


def chroot(root, *command, user=None, **kwargs):
    """Runs a command inside root with a clean environment, as root or as the musician."""
    environment = ["env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8",
                   f"HOME={HOME if user else '/root'}", "DEBIAN_FRONTEND=noninteractive"]
    userspec = [f"--userspec={USER}:{USER}"] if user else []
    kwargs.setdefault("check", True)
    return subprocess.run(["chroot", *userspec, str(root), *environment, *command], **kwargs)


def popen(root, *command, **kwargs):
    """Starts a command inside root as the musician."""
    return subprocess.Popen(
        ["chroot", f"--userspec={USER}:{USER}", str(root), "env", "-i", "PATH=/usr/bin:/bin",
         "LANG=C.UTF-8", f"HOME={HOME}", *command], **kwargs)


def files(root):
    """Every path in root (its own file system only), relative, with a leading slash."""
    found = set()
    for directory, subdirectories, names in os.walk(root):
        relative = "/" + os.path.relpath(directory, root)
        if relative in ("/proc", "/dev"):
            subdirectories.clear()
            continue
        for name in subdirectories + names:
            found.add(os.path.normpath(os.path.join(relative, name)))
    return found
