"""ComfyUI custom node folder: sends ComfyUI-Manager's and the front end's registry calls to a
self-hosted registry.

Configure with the COMFY_REGISTRY_URL environment variable or a registry-url.txt file in this
folder. Unconfigured, it changes nothing. It defines no nodes.
"""

import importlib.util
import os
import sys

_NAME = "comfy_registry_connector"


def _connector():
    # ComfyUI imports this folder as a package but runs prestartup_script.py as a loose file, so
    # both load the one implementation under a fixed name and share its state.
    module = sys.modules.get(_NAME)
    if module is None:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), _NAME + ".py")
        spec = importlib.util.spec_from_file_location(_NAME, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[_NAME] = module
        spec.loader.exec_module(module)
    return module


_connector().activate()
_connector().register_routes()

# ComfyUI serves this folder at /extensions/<folder name>/ and the front end imports every .js
# file in it; registry-redirect.js moves the browser's registry calls.
WEB_DIRECTORY = "./web"
NODE_CLASS_MAPPINGS = {}
NODE_DISPLAY_NAME_MAPPINGS = {}
__all__ = ["NODE_CLASS_MAPPINGS", "NODE_DISPLAY_NAME_MAPPINGS", "WEB_DIRECTORY"]
