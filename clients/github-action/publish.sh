#!/usr/bin/env bash
# Publishes one version to a Comfy Registry instance with trusted publishing: the job's OpenID
# Connect identity token is exchanged for a one-version credential, which publishes with the
# registry's usual protocol (the publish request, then the zip to the upload URL).
#
# Environment:
#   REGISTRY_URL        the registry's API address (its PUBLIC_API_URL), required
#   REGISTRY_AUDIENCE   the audience to request the identity token for (default: REGISTRY_URL)
#   ARCHIVE             the zip to publish (default: node.zip, as `comfy node pack` writes it)
#   PYPROJECT           the pack's pyproject.toml (default: pyproject.toml)
#   CHANGELOG           this version's changelog (optional)
#   ACTIONS_ID_TOKEN_REQUEST_URL / ACTIONS_ID_TOKEN_REQUEST_TOKEN
#                       set by GitHub Actions for jobs with `permissions: id-token: write`
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
registry="${REGISTRY_URL:?set REGISTRY_URL to the registry API address}"
registry="${registry%/}"
audience="${REGISTRY_AUDIENCE:-$registry}"
archive="${ARCHIVE:-node.zip}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fail() {
  echo "::error::$*" >&2
  exit 1
}

# call METHOD URL [curl arguments...]: the answer's body on stdout; on a non-2xx status the
# registry's message and detail, then exit.
call() {
  local method="$1" url="$2"
  shift 2
  local status
  status="$(curl -sS -X "$method" -o "$work/answer" -w '%{http_code}' "$@" "$url")" || fail "$method $url failed"
  if [[ "$status" != 2* ]]; then
    local message
    message="$(jq -r '[.message, .error] | map(select(. != null and . != "")) | join(": ")' "$work/answer" 2>/dev/null || cat "$work/answer")"
    fail "$method $url answered $status: $message"
  fi
  cat "$work/answer"
}

[[ -n "${ACTIONS_ID_TOKEN_REQUEST_URL:-}" && -n "${ACTIONS_ID_TOKEN_REQUEST_TOKEN:-}" ]] ||
  fail "no identity token available: give the job 'permissions: id-token: write'"
[[ -f "$archive" ]] || fail "$archive not found: run 'comfy node pack' first"

python3 "$here/publish_body.py" "${PYPROJECT:-pyproject.toml}" "${CHANGELOG:-}" >"$work/body.json"
publisher="$(jq -r .publisher_id "$work/body.json")"
node="$(jq -r .node.id "$work/body.json")"
version="$(jq -r .node_version.version "$work/body.json")"

# 1. The job's identity token, for this registry's audience.
separator='?'
[[ "$ACTIONS_ID_TOKEN_REQUEST_URL" == *\?* ]] && separator='&'
audience_query="$(jq -rn --arg a "$audience" '$a | @uri')"
identity="$(call GET "${ACTIONS_ID_TOKEN_REQUEST_URL}${separator}audience=${audience_query}" \
  -H "Authorization: bearer ${ACTIONS_ID_TOKEN_REQUEST_TOKEN}" | jq -r .value)"
[[ -n "$identity" && "$identity" != null ]] || fail "the Actions runtime gave no identity token"
echo "::add-mask::$identity"

# 2. Exchanged for a credential that publishes one version, once, within minutes.
jq -n --arg t "$identity" '{token: $t}' >"$work/exchange.json"
credential="$(call POST "$registry/publishers/$publisher/trusted-publishers/exchange" \
  -H 'Content-Type: application/json' --data-binary "@$work/exchange.json" | jq -r .personal_access_token)"
echo "::add-mask::$credential"

# 3. The publish request, as comfy-cli sends it, with the credential as its token.
jq --arg t "$credential" '{personal_access_token: $t, node, node_version}' "$work/body.json" >"$work/publish.json"
call POST "$registry/publishers/$publisher/nodes/$node/versions" \
  -H 'Content-Type: application/json' --data-binary "@$work/publish.json" >"$work/published.json"
upload_url="$(jq -r .signedUrl "$work/published.json")"
version_id="$(jq -r .node_version.id "$work/published.json")"

# 4. The archive to the single-use upload URL.
call PUT "$upload_url" -H 'Content-Type: application/zip' --upload-file "$archive" >/dev/null

echo "Published $node $version ($version_id); the registry now checks and scans it."
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
  {
    echo "version=$version"
    echo "version-id=$version_id"
  } >>"$GITHUB_OUTPUT"
fi
