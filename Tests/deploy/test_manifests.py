#!/usr/bin/env python3
"""Structure checks of deploy/kubernetes/*.yaml, since no cluster runs here.

Usage: test_manifests.py PATH/TO/smarttext-server

Each manifest must parse as YAML documents of the expected kinds; the SmartText
container must expose 8080, probe /healthz (liveness) and /readyz (readiness),
mount its registry ConfigMap read-only where SMARTTEXT_CONFIG points, request
memory, and run as the image's non-root user; the registry in each ConfigMap
must pass `smarttext-server --check-config`. Every pod must meet the
"restricted" Pod Security Standard (non-root, no privilege escalation, all
capabilities dropped, seccomp RuntimeDefault) and get no service account
token; its memory limit must hold the README's worst case for the default
flags and the threads its CPU limit gives, with a quarter to spare. The sidecar
must be a native sidecar (an init container with restartPolicy: Always) and the
app a preStop wait; the pool a preStop wait, topology spread over zones and
nodes, and a HorizontalPodAutoscaler (CPU in standalone.yaml, the request rate
through the Prometheus adapter in autoscaling-requests.yaml, whose rule must read
a metric a live server exports).
"""
import math
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "memory"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
from check_memory_bound import MIB, bound, defaults  # noqa: E402
from live_server import LiveServer  # noqa: E402

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)


def smarttext_container(pod_spec):
    containers = pod_spec.get("containers", []) + pod_spec.get("initContainers", [])
    matches = [c for c in containers if c["name"] == "smarttext"]
    check(len(matches) == 1, "exactly one container named smarttext")
    return matches[0]


def quantity(text):
    """A Kubernetes quantity in bytes or CPUs ("96Mi", "500m", "2")."""
    text = str(text)
    for suffix, factor in (("Ki", 1024), ("Mi", 1024**2), ("Gi", 1024**3), ("m", 0.001)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * factor
    return float(text)


def check_pod_security(name, pod_spec):
    """The restricted Pod Security Standard, and no service account token."""
    check(pod_spec.get("automountServiceAccountToken") is False, f"{name}: automountServiceAccountToken: false")
    pod = pod_spec.get("securityContext", {})
    for container in pod_spec.get("containers", []) + pod_spec.get("initContainers", []):
        own = container.get("securityContext", {})
        label = f"{name}: container {container['name']}"
        seccomp = own.get("seccompProfile", pod.get("seccompProfile", {})).get("type")
        check(seccomp == "RuntimeDefault", f"{label}: seccompProfile RuntimeDefault")
        check(own.get("runAsNonRoot", pod.get("runAsNonRoot")) is True, f"{label}: runs as non-root")
        check(own.get("allowPrivilegeEscalation") is False, f"{label}: allowPrivilegeEscalation: false")
        check(own.get("capabilities", {}).get("drop") == ["ALL"], f"{label}: drops all capabilities")


def pre_stop_seconds(container):
    command = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
    sleep = container.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds")
    if sleep is not None:
        return sleep
    return int(command[1]) if len(command) == 2 and command[0] == "sleep" else None


def check_memory(name, container, server):
    """The memory limit holds the worst case of the default flags and the threads the CPU limit gives."""
    limits = container.get("resources", {}).get("limits", {})
    check("cpu" in limits, f"{name}: a CPU limit (it sets the thread count)")
    if "cpu" not in limits or "memory" not in limits:
        return
    threads = max(1, math.ceil(quantity(limits["cpu"])))
    flags = defaults(server)
    worst = bound(threads, flags["max_connections"], flags["max_body"])
    limit = quantity(limits["memory"])
    check(
        worst * 1.25 <= limit,
        f"{name}: the memory limit ({limit / MIB:.0f} MiB) holds the worst case ({worst / MIB:.0f} MiB) with room",
    )


def check_container(name, container, pod_spec, configmaps, server):
    env = {item["name"]: item.get("value") for item in container.get("env", [])}
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    check(8080 in ports.values(), f"{name}: smarttext listens on 8080")
    check(env.get("SMARTTEXT_PORT") == "8080", f"{name}: SMARTTEXT_PORT is 8080")
    for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
        http = container.get(probe, {}).get("httpGet", {})
        check(http.get("path") == path, f"{name}: {probe} on {path}")
        port = http.get("port")
        check(port == 8080 or ports.get(port) == 8080, f"{name}: {probe} on the smarttext port")
    mounts = {m["mountPath"]: m for m in container.get("volumeMounts", [])}
    config = env.get("SMARTTEXT_CONFIG")
    check(config in mounts, f"{name}: SMARTTEXT_CONFIG ({config}) is a mounted path")
    mount = mounts.get(config, {})
    check(mount.get("readOnly") is True, f"{name}: the registry is mounted read-only")
    volumes = {v["name"]: v for v in pod_spec.get("volumes", [])}
    volume = volumes.get(mount.get("name"), {})
    configmap = volume.get("configMap", {}).get("name")
    check(configmap in configmaps, f"{name}: the registry volume is the ConfigMap in the file")
    check("--watch" in container.get("args", []), f"{name}: --watch reloads the ConfigMap in place")
    resources = container.get("resources", {})
    check("memory" in resources.get("requests", {}), f"{name}: memory is requested")
    check("memory" in resources.get("limits", {}), f"{name}: memory is limited")
    security = container.get("securityContext", {})
    check(security.get("runAsNonRoot") is True, f"{name}: runs as non-root")
    check(security.get("runAsUser") == 10001, f"{name}: runs as the image's user 10001")
    check(security.get("readOnlyRootFilesystem") is True, f"{name}: read-only root file system")
    if configmap in configmaps:
        with tempfile.TemporaryDirectory() as folder:
            for file_name, text in configmaps[configmap]["data"].items():
                with open(os.path.join(folder, file_name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            result = subprocess.run([server, "--check-config", folder], capture_output=True, text=True)
            check(result.returncode == 0, f"{name}: the ConfigMap registry is valid: {result.stderr.strip()}")


def load(file_name):
    with open(os.path.join(ROOT, "deploy", "kubernetes", file_name), encoding="utf-8") as handle:
        documents = [d for d in yaml.safe_load_all(handle) if d is not None]
    return {(d["kind"], d["metadata"]["name"]): d for d in documents}, documents


def check_autoscaler(name, autoscaler, deployment, container, budget, kind):
    """The autoscaler targets the Deployment, keeps more replicas than the disruption budget needs, and
    scales on `kind` (CPU utilization needs the container's CPU request)."""
    spec = autoscaler["spec"]
    target = spec["scaleTargetRef"]
    check(autoscaler["apiVersion"] == "autoscaling/v2", f"{name}: autoscaling/v2")
    check(target == {"apiVersion": "apps/v1", "kind": "Deployment", "name": deployment["metadata"]["name"]},
          f"{name}: the autoscaler scales the Deployment")
    check(spec["minReplicas"] >= 2 and spec["minReplicas"] > budget["minAvailable"],
          f"{name}: at least two replicas, more than the disruption budget keeps available")
    check(spec["maxReplicas"] > spec["minReplicas"], f"{name}: room to scale up")
    metrics = spec["metrics"]
    check([m["type"] for m in metrics] == [kind], f"{name}: scales on a {kind} metric")
    if kind == "Resource":
        check(metrics[0]["resource"]["name"] == "cpu" and metrics[0]["resource"]["target"]["type"] == "Utilization",
              f"{name}: CPU utilization")
        check(quantity(container["resources"]["requests"]["cpu"]) > 0, f"{name}: a CPU request to measure it against")


def check_adapter_rule(documents, autoscaler, server):
    """The Prometheus adapter's rule reads a counter the server really exports and names the metric the
    autoscaler asks for."""
    rules = yaml.safe_load(documents[("ConfigMap", "prometheus-adapter-smarttext")]["data"]["config.yaml"])["rules"]
    wanted = autoscaler["spec"]["metrics"][0]["pods"]["metric"]["name"]
    check(any(rule["name"]["as"] == wanted for rule in rules), "autoscaling-requests.yaml: the rule makes the metric")
    series = [re.match(r"(\w+)", rule["seriesQuery"]).group(1) for rule in rules]
    exported = exported_metrics(server)
    for name in series:
        check(name in exported, f"autoscaling-requests.yaml: {name} is one of the server's /metrics")


def exported_metrics(server):
    """The metric families a live server's /metrics declares (# TYPE lines)."""
    with LiveServer(server) as live:
        with urllib.request.urlopen(f"http://127.0.0.1:{live.port}/metrics", timeout=10) as answer:
            text = answer.read().decode()
    return {line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")}


def main():
    server = os.path.abspath(sys.argv[1])
    sidecar, documents = load("sidecar.yaml")
    check(sorted(d["kind"] for d in documents) == ["ConfigMap", "Deployment"], "sidecar.yaml: a ConfigMap and a Deployment")
    configmaps = {name: d for (kind, name), d in sidecar.items() if kind == "ConfigMap"}
    app = sidecar[("Deployment", "web-app")]["spec"]["template"]["spec"]
    check(len(app["containers"]) == 1, "sidecar.yaml: the app is the pod's one main container")
    sidecars = [c for c in app.get("initContainers", []) if c.get("restartPolicy") == "Always"]
    check([c["name"] for c in sidecars] == ["smarttext"], "sidecar.yaml: SmartText is a native sidecar")
    smarttext = smarttext_container(app)
    check_container("sidecar.yaml", smarttext, app, configmaps, server)
    check(smarttext.get("startupProbe", {}).get("httpGet", {}).get("path") == "/readyz",
          "sidecar.yaml: the app starts once SmartText is ready (startupProbe on /readyz)")
    check_pod_security("sidecar.yaml", app)
    check_memory("sidecar.yaml", smarttext, server)
    wait = pre_stop_seconds(app["containers"][0])
    check(wait is not None, "sidecar.yaml: the app has a preStop wait")
    check(app.get("terminationGracePeriodSeconds", 30) >= (wait or 0) + 10,
          "sidecar.yaml: the grace period covers the app's preStop wait and both shutdowns")

    pool, documents = load("standalone.yaml")
    check(
        sorted(d["kind"] for d in documents)
        == ["ConfigMap", "Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"],
        "standalone.yaml: ConfigMap, Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler",
    )
    configmaps = {name: d for (kind, name), d in pool.items() if kind == "ConfigMap"}
    deployment = pool[("Deployment", "smarttext")]
    check("replicas" not in deployment["spec"], "standalone.yaml: the autoscaler, not the Deployment, sets replicas")
    spec = deployment["spec"]["template"]["spec"]
    smarttext = smarttext_container(spec)
    budget = pool[("PodDisruptionBudget", "smarttext")]["spec"]
    check_autoscaler("standalone.yaml", pool[("HorizontalPodAutoscaler", "smarttext")], deployment, smarttext, budget,
                     "Resource")
    by_requests, _ = load("autoscaling-requests.yaml")
    check_autoscaler("autoscaling-requests.yaml", by_requests[("HorizontalPodAutoscaler", "smarttext")], deployment,
                     smarttext, budget, "Pods")
    check_adapter_rule(by_requests, by_requests[("HorizontalPodAutoscaler", "smarttext")], server)
    check_container("standalone.yaml", smarttext, spec, configmaps, server)
    check_pod_security("standalone.yaml", spec)
    check_memory("standalone.yaml", smarttext, server)
    wait = pre_stop_seconds(smarttext)
    check(wait is not None, "standalone.yaml: a preStop wait lets the Service drop the endpoint first")
    check(spec.get("terminationGracePeriodSeconds", 30) >= (wait or 0) + 5,
          "standalone.yaml: the grace period covers the preStop wait and SmartText's 5 s shutdown")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    spread = {c["topologyKey"]: c for c in spec.get("topologySpreadConstraints", [])}
    for key in ("topology.kubernetes.io/zone", "kubernetes.io/hostname"):
        selector = spread.get(key, {}).get("labelSelector", {}).get("matchLabels", {})
        check(bool(selector) and all(labels.get(k) == v for k, v in selector.items()),
              f"standalone.yaml: the pods are spread over {key}")
    service = pool[("Service", "smarttext")]["spec"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    check(all(labels.get(k) == v for k, v in service["selector"].items()), "standalone.yaml: the Service selects the pods")
    check(service["ports"][0]["targetPort"] in ("http", 8080), "standalone.yaml: the Service targets port 8080")

    for failure in FAILURES:
        print("FAIL:", failure)
    print(f"kubernetes manifests: {'FAILED' if FAILURES else 'OK'} ({len(FAILURES)} problem(s))")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
