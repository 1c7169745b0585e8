"""A subscriber in Python (docs/events.md, "Subscribers in other languages").

Reads the invoice events topic with confluent-kafka, decodes each value through the registry with
JSONDeserializer (RecordNameStrategy, use.latest.version: the subject is the writer schema's title),
validates the envelope and the CloudEvents headers against contracts/asyncapi.json, and checks that a
reader generated before today's optional fields existed reads the event too. Prints one JSON line
per event; stops after --count events or --idle seconds without one.
"""

import argparse
import copy
import json
import sys
import time

from confluent_kafka import Consumer
from confluent_kafka.schema_registry import SchemaRegistryClient
from confluent_kafka.schema_registry.json_schema import JSONDeserializer
from confluent_kafka.serialization import MessageField, SerializationContext
from jsonschema import Draft7Validator


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brokers", default="127.0.0.1:59092")
    parser.add_argument("--registry", default="http://127.0.0.1:58080/apis/ccompat/v7")
    parser.add_argument("--topic", default="fe.invoice.events.v1")
    parser.add_argument("--group", default="example.python")
    parser.add_argument("--contract", default="contracts/asyncapi.json")
    parser.add_argument("--count", type=int, default=0, help="stop after this many events (0: no limit)")
    parser.add_argument("--idle", type=float, default=0, help="stop after this many seconds without an event")
    parser.add_argument("--timeout", type=float, default=120, help="stop after this many seconds in all")
    return parser.parse_args()


def yesterday(components):
    """The schemas a reader generated before any optional field existed would hold: required properties only."""
    older = copy.deepcopy(components)

    def strip(node):
        if isinstance(node, list):
            for item in node:
                strip(item)
        elif isinstance(node, dict):
            properties = node.get("properties")
            if isinstance(properties, dict):
                required = set(node.get("required", []))
                for name in [name for name in properties if name not in required]:
                    del properties[name]
            for value in node.values():
                strip(value)

    strip(older["schemas"])
    return older


def with_unknown_fields(node):
    """The event as a later writer might send it: one field this reader does not know in every object."""
    if isinstance(node, list):
        return [with_unknown_fields(item) for item in node]
    if isinstance(node, dict):
        return {**{name: with_unknown_fields(value) for name, value in node.items()}, "x_added_later": 1}
    return node


def validator(components, ref):
    return Draft7Validator({"$ref": ref, "components": components})


def problems(check, value):
    return [f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}" for error in check.iter_errors(value)]


def subject_of(registry, value):
    """The subject RecordNameStrategy names from the writer schema (its title), once the registry knows it."""
    writer = registry.get_schema(int.from_bytes(value[1:5], "big"))
    title = json.loads(writer.schema_str).get("title")
    return title if title and registry.get_latest_version(title) else None


def main():
    args = arguments()
    with open(args.contract, encoding="utf-8") as file:
        components = json.load(file)["components"]
    older = yesterday(components)
    registry = SchemaRegistryClient({"url": args.registry})
    # No reader schema of its own: the registry's latest version of the writer's subject reads each event.
    deserializer = JSONDeserializer(
        None,
        schema_registry_client=registry,
        conf={"use.latest.version": True, "subject.name.strategy.type": "RECORD"},
    )
    consumer = Consumer(
        {
            "bootstrap.servers": args.brokers,
            "group.id": args.group,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
            "isolation.level": "read_committed",
        }
    )
    consumer.subscribe([args.topic])
    seen = 0
    started = last = time.monotonic()
    try:
        while time.monotonic() - started < args.timeout:
            if args.count and seen >= args.count:
                break
            if args.idle and seen and time.monotonic() - last > args.idle:
                break
            message = consumer.poll(0.5)
            if message is None:
                continue
            if message.error():
                print(json.dumps({"error": str(message.error())}), flush=True)
                continue
            last = time.monotonic()
            headers = {name: value.decode() for name, value in message.headers() or []}
            line = {"partition": message.partition(), "offset": message.offset(), "headers": headers}
            try:
                event = deserializer(message.value(), SerializationContext(message.topic(), MessageField.VALUE))
            except Exception as error:  # a value the registry path cannot read is reported, not fatal
                line["errors"] = [f"deserializing: {type(error).__name__}: {error}"]
                print(json.dumps(line), flush=True)
                seen += 1
                continue
            key = f"{event.get('type')}.v{event.get('version')}"
            line["subject"] = subject_of(registry, message.value())
            line.update(id=event.get("id"), type=event.get("type"), version=event.get("version"))
            line.update(invoice_id=event.get("invoice_id"), occurred_at=event.get("occurred_at"))
            if key not in components["messages"]:
                line["errors"] = [f"{key} is not in the contract"]
            else:
                payload = f"#/components/schemas/{key}"
                line["errors"] = problems(validator(components, payload), event) + [
                    f"header {text}" for text in problems(Draft7Validator(components["messages"][key]["headers"]), headers)
                ]
                line["yesterday_errors"] = problems(validator(older, payload), event) + [
                    f"unknown fields: {text}" for text in problems(validator(components, payload), with_unknown_fields(event))
                ]
            print(json.dumps(line), flush=True)
            consumer.commit(message=message, asynchronous=False)
            seen += 1
    finally:
        consumer.close()
    print(json.dumps({"done": seen}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
