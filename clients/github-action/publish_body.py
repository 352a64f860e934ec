"""Builds the registry's publish request from ./pyproject.toml, the way `comfy node publish` does.

Prints JSON: {"publisher_id", "node": {...}, "node_version": {...}} (the request without its
credential). Needs Python 3.11+ (tomllib). Usage: python3 publish_body.py [pyproject.toml] [changelog]
"""

import json
import re
import sys
import tomllib
from pathlib import Path

OS_PREFIXES = ("Microsoft", "POSIX", "MacOS", "OS Independent")
ACCELERATORS = {"GPU :: NVIDIA CUDA", "GPU :: AMD ROCm", "GPU :: Intel Arc", "NPU :: Huawei Ascend", "GPU :: Apple Metal"}
VERSION_LINE = re.compile(r"^\s*(?:__version__|VERSION)\s*=\s*[\"']([^\"']+)[\"']", re.M)
FRONTEND_PACKAGE = "comfyui-frontend-package"


def fail(message: str) -> None:
    print(f"::error::{message}", file=sys.stderr)
    sys.exit(1)


def read_version(project: dict, comfy: dict, root: Path) -> str:
    version = project.get("version")
    if isinstance(version, str) and version.strip():
        return version.strip()
    if "version" in project.get("dynamic", []):
        path = comfy.get("version", {}).get("path", "")
        if path:
            match = VERSION_LINE.search((root / path).read_text(encoding="utf-8-sig"))
            if match:
                return match.group(1).strip()
    return ""


def read_license(value) -> str:
    if isinstance(value, str):
        return json.dumps({"text": value})
    if isinstance(value, dict) and ("file" in value or "text" in value):
        return json.dumps({k: value[k] for k in ("file", "text") if k in value})
    return "{}"


def classifier_values(classifiers: list, prefix: str, keep) -> list:
    values = [c[len(prefix):].strip() for c in classifiers if c.startswith(prefix)]
    return values if all(keep(v) for v in values) else []


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml")
    changelog = sys.argv[2] if len(sys.argv) > 2 else ""
    if not path.is_file():
        fail(f"{path} not found: run the action in the pack's repository root")
    data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
    project = data.get("project", {})
    comfy = data.get("tool", {}).get("comfy", {})
    publisher_id = str(comfy.get("PublisherId", "")).strip()
    node_id = str(project.get("name", "")).strip()
    version = read_version(project, comfy, path.parent)
    if not publisher_id or not node_id or not version:
        fail("pyproject.toml needs [project] name and version and [tool.comfy] PublisherId")
    classifiers = [c for c in project.get("classifiers", []) if isinstance(c, str)]
    supported_os = classifier_values(classifiers, "Operating System ::", lambda v: v.startswith(OS_PREFIXES))
    accelerators = classifier_values(classifiers, "Environment ::", lambda v: v in ACCELERATORS)
    dependencies = [d for d in project.get("dependencies", []) if isinstance(d, str)]
    frontend = next((d[len(FRONTEND_PACKAGE):].strip() for d in dependencies if d.startswith(FRONTEND_PACKAGE)), "")
    dependencies = [d for d in dependencies if not d.startswith(FRONTEND_PACKAGE)]
    supported = {
        "supported_os": supported_os,
        "supported_accelerators": accelerators,
        "supported_comfyui_version": str(comfy.get("requires-comfyui", "")),
        "supported_comfyui_frontend_version": frontend,
    }
    node_version = {"version": version, "dependencies": dependencies, **supported}
    if changelog:
        node_version["changelog"] = changelog
    print(json.dumps({
        "publisher_id": publisher_id,
        "node": {
            "id": node_id,
            "description": project.get("description", ""),
            "icon": comfy.get("Icon", ""),
            "name": comfy.get("DisplayName", ""),
            "license": read_license(project.get("license")),
            "repository": project.get("urls", {}).get("Repository", ""),
            "banner_url": comfy.get("Banner", ""),
            **supported,
        },
        "node_version": node_version,
    }))


main()
