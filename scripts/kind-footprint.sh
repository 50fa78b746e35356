#!/bin/bash
# How many files outside a kind's own name it (docs/architecture.md, "How to add a kind of training"):
# its own are its folder Sources/PeachCore/<Kind>/, its command Sources/peach/<Command>.swift and its
# screens web/js/screens/answer-<method>.js (+ .css) and profile-<kind>.js. A file names a kind when it
# holds its discipline id, its PostgreSQL table, a type its folder declares, its command's type, or — in
# the web client — its answer method as a string, an id/class prefix (degree-…) or a string key
# (degree.title), or another word given below. Comments count too: a file that explains a kind by name
# has to change with it.
# usage: bash scripts/kind-footprint.sh [-l]   (from the repository root; -l lists the files)
list=$1
web='Sources/PeachWeb/web'
kind() { # id folder method snake command [other words that name it]; method: '(a|b)' for a kind of two
  local id=$1 folder=$2 method=$3 snake=$4 command=$5 extra=$6
  local types=$(grep -ho "^\(public \)\?\(final \)\?\(struct\|enum\|class\|protocol\|typealias\) [A-Za-z]*" Sources/PeachCore/$folder/*.swift | awk '{print $NF}' | sort -u)
  local pattern="$id\\|$snake\\|$command$(printf '\\|%s' $types $extra)"
  local files=$( (grep -rlw "$pattern" Sources --include=*.swift --include=*.js --include=*.css --include=*.html;
                  grep -rlE "['\"]$method['\"]|[.#'\"\`]$method[-.]" $web --include=*.js --include=*.css --include=*.html) \
    | sort -u | grep -v "^Sources/PeachCore/$folder/" | grep -v "^Sources/peach/$command\.swift$" \
    | grep -vE "^$web/js/screens/(answer-$method\.(js|css)|profile-$id\.js)$")
  # A file that names the kind only in comments (an example in a shared file's explanation).
  local code=0 listing=''
  for file in $files; do
    if { grep -nw "$pattern" "$file"; [[ $file == $web/* ]] && grep -nE "['\"]$method['\"]|[.#'\"\`]$method[-.]" "$file"; } \
        | cut -d: -f2- | grep -qvE '^[[:space:]]*(//|/\*|\*|#)'; then
      code=$((code + 1)); listing+="    $file"$'\n'
    else
      listing+="    $file (in comments only)"$'\n'
    fi
  done
  echo "$id: $(echo "$files" | grep -c .) files name it outside its own, $code of them in code"
  [ -n "$list" ] && printf '%s' "$listing"
}
kind scaleDegree ScaleDegree degree scale_degree Degrees
kind chordQuality ChordQuality quality chord_quality Chords
kind chordIntonation ChordIntonation chordVoice chord_intonation Intonation
kind melodicDictation MelodicDictation melody melodic_dictation Dictation dictation
kind chordProgression ChordProgression '(numerals|progression)' chord_progression Progressions
