"""A stand-in for ComfyUI's web server, enough to load the registry connector as ComfyUI does:
its prestartup script, then its folder as a custom-node package, its routes on PromptServer's
route table, and its WEB_DIRECTORY served at /extensions/<folder>/. The page at / loads axios and
then imports every listed extension module, as the front end does before the app starts.

usage: comfyui-standin.py <connector-dir> <port> <axios.min.js>
The registry address comes from COMFY_REGISTRY_URL or the connector's settings file, as for a user.
Prints "listening <port>" once it answers.
"""

import asyncio
import importlib.util
import logging
import os
import sys
import types

from aiohttp import web

connector_dir, port, axios_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(message)s")

# ComfyUI's `server` module: custom nodes add routes to PromptServer.instance.routes on import.
routes = web.RouteTableDef()
server_module = types.ModuleType("server")
server_module.PromptServer = types.SimpleNamespace(instance=types.SimpleNamespace(routes=routes))
sys.modules["server"] = server_module

folder = os.path.basename(os.path.normpath(connector_dir))


def load(script, name, package=False):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(connector_dir, script), submodule_search_locations=[connector_dir] if package else None
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


load("prestartup_script.py", f"{folder}_prestartup")
node = load("__init__.py", folder, package=True)
web_dir = os.path.join(connector_dir, getattr(node, "WEB_DIRECTORY"))

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ComfyUI</title>
<script src="/axios.js"></script>
<script type="module">
  const list = await (await fetch('/extensions')).json();
  await Promise.all(list.map((url) => import(url)));
  window.extensionsLoaded = list;
</script>
</head><body></body></html>
"""


async def page(_request):
    return web.Response(text=PAGE, content_type="text/html")


async def extensions(_request):
    files = sorted(name for name in os.listdir(web_dir) if name.endswith(".js"))
    return web.json_response([f"/extensions/{folder}/{name}" for name in files])


async def axios(_request):
    return web.FileResponse(axios_file, headers={"Content-Type": "text/javascript"})


app = web.Application()
app.router.add_get("/", page)
app.router.add_get("/extensions", extensions)
app.router.add_get("/axios.js", axios)
app.router.add_routes(routes)
app.router.add_static(f"/extensions/{folder}", web_dir)


async def main():
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    print(f"listening {port}", flush=True)
    await asyncio.Event().wait()


asyncio.run(main())
