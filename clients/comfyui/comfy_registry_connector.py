"""Points ComfyUI-Manager (and the other registry callers in this process) at a self-hosted
Comfy Registry instead of https://api.comfy.org, and tells the front-end extension in ``web/``
the same address (the front end calls the registry from the browser).

The Manager keeps its registry address in the module constant ``cnr_utils.base_url`` and reads it
on every call, so setting that constant is enough. The module may already be imported (the v4
Manager is imported by ComfyUI before custom nodes) or be imported later (the v3 Manager is a
custom node itself), so ``activate()`` patches what is loaded and installs an import hook that
patches the rest the moment they finish loading.
"""

import importlib.abc
import importlib.util
import logging
import os
import sys
from urllib.parse import urlsplit

ENV_VAR = "COMFY_REGISTRY_URL"
SETTINGS_FILE = "registry-url.txt"
PUBLIC_REGISTRY = "https://api.comfy.org"

# Every module that holds the registry address as ``base_url``: the v3 Manager puts glob/ on
# sys.path (``cnr_utils``), the v4 package has ``comfyui_manager.common.cnr_utils``.
TARGET_SUFFIX = "cnr_utils"

log = logging.getLogger("comfy_registry_connector")
_state = {"url": None, "active": False}


def _is_target(name):
    return name == TARGET_SUFFIX or name.endswith("." + TARGET_SUFFIX)


def configured_url(environ=None, folder=None):
    """The registry address from the environment, else from the settings file; None when unset.

    A value that is not an absolute http(s) URL is refused (logged) rather than half-applied.
    """
    environ = os.environ if environ is None else environ
    folder = os.path.dirname(os.path.abspath(__file__)) if folder is None else folder
    value = (environ.get(ENV_VAR) or "").strip()
    source = ENV_VAR
    if not value:
        settings = os.path.join(folder, SETTINGS_FILE)
        if os.path.isfile(settings):
            with open(settings, encoding="utf-8") as handle:
                lines = [l.strip() for l in handle if l.strip() and not l.lstrip().startswith("#")]
            value = lines[0] if lines else ""
            source = settings
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        log.error("[Registry connector] ignored %s: %r is not an http(s) address", source, value)
        return None
    return value.rstrip("/")


def _patch(module):
    url = _state["url"]
    old = getattr(module, "base_url", None)
    if url is None or not isinstance(old, str) or old == url:
        return
    module.base_url = url
    log.info("[Registry connector] %s.base_url: %s -> %s", module.__name__, old, url)


class _PatchingLoader(importlib.abc.Loader):
    """Runs the real loader, then sets the address on the freshly executed module."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _patch(module)

    def __getattr__(self, name):
        # get_source, get_filename, ... keep working for tracebacks and inspect.
        return getattr(self._loader, name)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if not _is_target(fullname):
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _PatchingLoader(spec.loader)
                return spec
        return None


SETTINGS_ROUTE = "/registry-connector/settings"


def front_end_settings():
    """What the front-end extension (web/registry-redirect.js) asks for: the registry address, or
    None when unconfigured, in which case the extension changes nothing."""
    return {"registry": _state["url"]}


def register_routes(routes=None):
    """Adds the extension's settings route to ComfyUI's web server. Returns whether it could.

    ``routes`` defaults to ComfyUI's own table (``server.PromptServer.instance.routes``), which
    ComfyUI serves once every custom node is imported. Outside ComfyUI (cm-cli) there is none.
    """
    if routes is None:
        try:
            from server import PromptServer  # ComfyUI's server module

            routes = PromptServer.instance.routes
        except (ImportError, AttributeError):
            return False
    from aiohttp import web  # ComfyUI's own web framework, present wherever PromptServer is

    @routes.get(SETTINGS_ROUTE)
    async def _settings(_request):
        return web.json_response(front_end_settings(), headers={"Cache-Control": "no-store"})

    return True


def activate(environ=None, folder=None):
    """Reads the setting and applies it; does nothing at all when no address is configured.

    Safe to call more than once (ComfyUI's prestartup and the custom-node import both call it).
    """
    if _state["active"]:
        for name, module in list(sys.modules.items()):
            if module is not None and _is_target(name):
                _patch(module)
        return _state["url"]
    url = configured_url(environ, folder)
    if url is None:
        return None
    _state["url"] = url
    _state["active"] = True
    if url != PUBLIC_REGISTRY:
        log.info("[Registry connector] registry address: %s", url)
    sys.meta_path.insert(0, _Finder())
    for name, module in list(sys.modules.items()):
        if module is not None and _is_target(name):
            _patch(module)
    return url
