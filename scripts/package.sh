#!/usr/bin/env bash
# Builds the Debian package dist/peach_<version>_amd64.deb: the release binary with the Swift standard
# library linked in (the target machine needs no Swift), its resource bundles beside it, the man
# page, bash/zsh/fish completions and the systemd user unit. The version is the one the binary
# reports (`peach --version`, /api/health: PeachVersion.current). Prints the package's path as its
# last line. Incremental: the build lives in .build-package.
#
# PEACH_PACKAGE_CONFIGURATION=debug PEACH_PACKAGE_SCRATCH=.build packages the debug build that
# scripts/test.sh has just made and tested (the `peach` target links the Swift runtime in, in every
# build): CI checks the packaging — contents, dependencies, man page, lintian, install, use, purge —
# without compiling everything a second time in release. A package for users is the release build.
# PEACH_PACKAGE_FLAGS: that build's own flags for `swift build` (with others it compiles anew).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh package >&2

architecture=$(dpkg --print-architecture)
configuration=${PEACH_PACKAGE_CONFIGURATION:-release}
scratch=${PEACH_PACKAGE_SCRATCH:-.build-package}
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)

# swift-argument-parser's generate-manual tool makes the man page from the parser's own description
# of every command. Asking its plugin for --help builds the tool (for this machine, once) without the
# plugin's own build of the package, which lacks --static-swift-stdlib: as that flag changes the
# compile commands too, the two builds would take turns recompiling everything.
swift package --scratch-path "$scratch" plugin generate-manual --help > /dev/null
generate_manual="$scratch/debug/generate-manual-tool"

read -ra flags <<< "${PEACH_PACKAGE_FLAGS:-}"
build=(swift build -c "$configuration" --scratch-path "$scratch" "${flags[@]}")
# In release the modules compile for the static runtime too (a debug build keeps the test build's).
[ "$configuration" = debug ] || build+=(--static-swift-stdlib)
"${build[@]}" --product peach >&2
bin=$("${build[@]}" --show-bin-path)
version=$("$bin/peach" --version)
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || { echo "package: peach --version said '$version'" >&2; exit 1; }

stage=$(mktemp -d "${TMPDIR:-/tmp}/peach-package.XXXXXX")
trap 'rm -rf "$stage"' EXIT
root=$stage/root
lib=$root/usr/lib/peach
doc=$root/usr/share/doc/peach
install -d "$lib" "$root/usr/bin" "$doc" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/lib/systemd/user" "$root/DEBIAN"

install -m 0755 "$bin/peach" "$lib/peach"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$lib/peach"
# Bundle.module looks for a module's resource bundle beside the executable it runs from (the web app,
# Peach_PeachWeb.resources; the SoundFont calibration, Peach_PeachFluidSynth.resources); /usr/bin/peach
# is a symbolic link, which /proc/self/exe resolves to /usr/lib/peach/peach.
cp -R "$bin"/Peach_*.resources "$lib/"
chmod -R u=rwX,go=rX "$lib"/Peach_*.resources
for bundle in Peach_PeachWeb Peach_PeachFluidSynth; do
  [ -d "$lib/$bundle.resources" ] || { echo "package: no $bundle.resources beside $bin/peach" >&2; exit 1; }
done
ln -s ../lib/peach/peach "$root/usr/bin/peach"

"$generate_manual" "$lib/peach" --output-directory "$stage" --date "$date" --authors "the Peach authors" >&2
gzip -9n < "$stage/peach.1" > "$root/usr/share/man/man1/peach.1.gz"
# Sourced, not run: no #! line (lintian).
"$lib/peach" --generate-completion-script bash | sed "1{/^#!/d}" > "$root/usr/share/bash-completion/completions/peach"
"$lib/peach" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_peach"
"$lib/peach" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/peach.fish"
install -m 0644 scripts/package/peach.service "$root/usr/lib/systemd/user/peach.service"
install -m 0644 scripts/package/copyright "$doc/copyright"
changelog_date=$(git log -1 --format=%cD 2>/dev/null || date -R)
printf 'peach (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- %s  %s\n' \
  "$version" "$version" "$(sed -n 's/^Maintainer: //p' scripts/package/control)" "$changelog_date" \
  | gzip -9n > "$doc/changelog.gz"
find "$root" -type f -exec chmod go-w {} +

# Depends: what the binary links against, as dpkg-shlibdeps computes it (it wants a debian/control);
# the SoundFont the instruments play is data it cannot see, so the control template names it.
mkdir -p "$stage/debian"
printf 'Source: peach\n\nPackage: peach\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O "root/usr/lib/peach/peach" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "package: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCHITECTURE@/$architecture/" -e "s/@DEPENDS@/$depends/" \
  -e "s/@SIZE@/$size/" scripts/package/control > "$root/DEBIAN/control"

mkdir -p dist
package=dist/peach_${version}_${architecture}.deb
# xz for users; the debug package CI installs once is gzip -1: xz spent ~80 CPU-s on it beside the
# browser tests (CI run 19), for a file nobody downloads.
compression=(-Zxz)
[ "$configuration" = release ] || compression=(-Zgzip -z1)
dpkg-deb --root-owner-group "${compression[@]}" --build "$root" "$package" >&2
echo "$package"
