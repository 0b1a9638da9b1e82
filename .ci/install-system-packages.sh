#!/usr/bin/env bash
# Installs the Debian packages CI needs: PostgreSQL 15 with its server headers, a C toolchain,
# pgvector built from Debian's trixie source package (Debian 12 ships no pgvector for PG 15),
# Chromium for browser tests, and WordNet (the encoder trainer reads it). Idempotent: skips what is already there.
set -euo pipefail

PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
SOURCES_FILE=/etc/apt/sources.list.d/debian.sources
TRIXIE_SOURCES_FILE=/etc/apt/sources.list.d/quarry-trixie-src.sources

log() { echo "[ci] $*" >&2; }

need_packages=()
for package in postgresql-15 postgresql-server-dev-15 build-essential dpkg-dev chromium fonts-dejavu-core wordnet-base; do
  dpkg -s "$package" >/dev/null 2>&1 || need_packages+=("$package")
done

pgvector_installed() {
  [ -f "$($PG_CONFIG --sharedir)/extension/vector.control" ]
}

if [ ${#need_packages[@]} -gt 0 ] || ! pgvector_installed; then
  # A deb-src list for trixie, derived from this machine's own Debian source list: the main
  # archive stanza only (the security archive has no plain 'trixie' suite).
  if [ ! -f "$TRIXIE_SOURCES_FILE" ]; then
    awk 'BEGIN { RS = ""; ORS = "\n\n" } !/Suites:[^\n]*security/ {
           gsub(/Types:[^\n]*/, "Types: deb-src"); gsub(/Suites:[^\n]*/, "Suites: trixie"); print }' \
      "$SOURCES_FILE" > "$TRIXIE_SOURCES_FILE"
  fi
  log "apt-get update"
  apt-get update -qq
fi

if [ ${#need_packages[@]} -gt 0 ]; then
  log "installing ${need_packages[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_packages[@]}" >/dev/null
fi

if ! pgvector_installed; then
  log "building pgvector from Debian's trixie source package"
  build_directory=$(mktemp -d)
  (
    cd "$build_directory"
    apt-get source -qq pgvector >/dev/null
    cd pgvector-*/
    make -s PG_CONFIG="$PG_CONFIG" >/dev/null
    make -s PG_CONFIG="$PG_CONFIG" install >/dev/null
  )
  rm -rf "$build_directory"
fi
pgvector_installed && log "pgvector installed"
