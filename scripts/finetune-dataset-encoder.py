"""Fine-tunes the shipped e5-small-v2 (int8 ONNX, models/e5-small-v2-q) on dataset-request pairs.

Run where PyTorch, onnx and onnxruntime are installed (a GPU machine; a CPU works, slowly):

    python3 scripts/finetune-dataset-encoder.py --pairs PAIRS.jsonl.gz --passages PASSAGES.jsonl.gz \
        --out DIR [--configs 2:2e-5,4:3e-5]

PAIRS comes from `node eval/dist/encoder/finetune/dataset-pairs-cli.js` (research descriptions and
citing sentences with the dataset names cut out, titles and description sentences, each against a
dataset's text; never DataFinder dev queries). Steps, each checked and logged to DIR/log.json:
1. the int8 weights are dequantised into a PyTorch BERT, whose pooled vectors must match the ONNX
   model's (mean cosine >= 0.99);
2. contrastive training (in-batch negatives, both directions, scale 20), with e5's "query: " and
   "passage: " prompts, no two pairs of one dataset in a batch, once per configuration (epochs and
   learning rate); the configuration whose held-out citing sentences (source citance-held, never
   trained on) find their dataset best among all catalog passages (MRR@10) is kept;
3. export to ONNX, dynamic int8 quantisation per channel (as the registry model was made), and the
   quantised model's vectors checked against PyTorch's;
4. the similarity floor (mean cosine of a request and an unrelated dataset text) for
   quarry_config.json.
DIR receives model.onnx split into parts of at most 15 MB (model.onnx.part-NN; `cat` joins them)
and log.json.
"""

import argparse
import gzip
import json
import math
import os
import random
import re
import time

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnx import numpy_helper
from tokenizers import Tokenizer
from transformers import BertConfig, BertModel

parser = argparse.ArgumentParser()
parser.add_argument("--model-dir", default="models/e5-small-v2-q")
parser.add_argument("--pairs", required=True)
parser.add_argument("--out", required=True)
parser.add_argument("--passages", required=True, help="every catalog dataset's passage (JSON Lines, gzip)")
parser.add_argument("--configs", default="2:2e-5,4:3e-5", help="EPOCHS:LR,… tried in turn")
parser.add_argument("--batch", type=int, default=128)
parser.add_argument("--scale", type=float, default=20.0)
parser.add_argument("--seed", type=int, default=13)
parser.add_argument("--limit", type=int, default=0, help="use only this many pairs (a smoke test)")
parser.add_argument("--freeze-layers", type=int, default=0, help="keep the embeddings and this many lower layers as they are")
parser.add_argument("--passage-tokens", type=int, default=192)
parser.add_argument("--skip-start-validation", action="store_true")
parser.add_argument("--keep-fp32", action="store_true", help="leave model-fp32.onnx in DIR")
args = parser.parse_args()
os.makedirs(args.out, exist_ok=True)
random.seed(args.seed)
torch.manual_seed(args.seed)
device = "cuda" if torch.cuda.is_available() else "cpu"
log = {"device": torch.cuda.get_device_name(0) if device == "cuda" else "cpu", "args": vars(args)}
started = time.time()


def save_log():
    log["seconds"] = round(time.time() - started, 1)
    with open(os.path.join(args.out, "log.json"), "w") as handle:
        json.dump(log, handle, indent=2)


# 1. Dequantise the registry model's weights into a PyTorch BERT.
source = onnx.load(os.path.join(args.model_dir, "model.onnx"))
initializers = {tensor.name: numpy_helper.to_array(tensor) for tensor in source.graph.initializer}
config = BertConfig(vocab_size=30522, hidden_size=384, num_hidden_layers=12, num_attention_heads=12,
                    intermediate_size=1536, max_position_embeddings=512, type_vocab_size=2)
config._attn_implementation = "eager"  # a plain attention graph for the ONNX export
bert = BertModel(config, add_pooling_layer=False)
state = {}
for name, value in initializers.items():
    if value.dtype == np.float32 and name.startswith(("embeddings.", "encoder.")) and not name.endswith("_scale"):
        state[name] = torch.from_numpy(value.copy())


def dequantised(base):
    quantized = initializers[base + "_quantized"].astype(np.float32)
    scale = initializers[base + "_scale"]
    zero = initializers[base + "_zero_point"].astype(np.float32)
    return (quantized - zero) * scale


for table in ("word_embeddings", "position_embeddings", "token_type_embeddings"):
    state[f"embeddings.{table}.weight"] = torch.from_numpy(dequantised(f"embeddings.{table}.weight"))
for node in source.graph.node:
    if node.op_type != "MatMulInteger":
        continue
    # The output names the layer: /encoder/layer.3/attention/self/query/MatMul_output_0_...
    where = re.match(r"/(encoder/layer\.\d+/[a-z_/]+?)/MatMul_output", node.output[0])
    weight = node.input[1][: -len("_quantized")]
    # ONNX multiplies x @ W (in x out); a torch Linear holds W transposed.
    state[where.group(1).replace("/", ".") + ".weight"] = torch.from_numpy(dequantised(weight).T.copy())
missing, unexpected = bert.load_state_dict(state, strict=False)
missing = [name for name in missing if not name.endswith("position_ids")]
log["weights"] = {"loaded": len(state), "missing": missing, "unexpected": unexpected}
assert not missing and not unexpected, log["weights"]

tokenizer = Tokenizer.from_file(os.path.join(args.model_dir, "tokenizer.json"))
tokenizer.no_padding()
tokenizer.no_truncation()


def encode(texts, max_length):
    rows = []
    for encoding in tokenizer.encode_batch(list(texts)):
        ids = encoding.ids
        # Cut to max_length, keeping the closing [SEP].
        rows.append(ids if len(ids) <= max_length else ids[: max_length - 1] + ids[-1:])
    width = max(len(row) for row in rows)
    ids = np.zeros((len(rows), width), dtype=np.int64)
    mask = np.zeros((len(rows), width), dtype=np.int64)
    for index, row in enumerate(rows):
        ids[index, : len(row)] = row
        mask[index, : len(row)] = 1
    return ids, mask


def pooled(model, ids, mask):
    ids_t = torch.from_numpy(ids).to(device)
    mask_t = torch.from_numpy(mask).to(device)
    hidden = model(input_ids=ids_t, attention_mask=mask_t, token_type_ids=torch.zeros_like(ids_t)).last_hidden_state
    summed = (hidden * mask_t.unsqueeze(-1)).sum(1) / mask_t.sum(1, keepdim=True).clamp(min=1)
    return torch.nn.functional.normalize(summed.float(), dim=-1)


def onnx_pooled(path, ids, mask):
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    names = [item.name for item in session.get_inputs()]
    feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
    hidden = session.run(None, {name: feeds[name] for name in names})[0]
    summed = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
    return summed / np.linalg.norm(summed, axis=1, keepdims=True)


with gzip.open(args.pairs, "rt") if args.pairs.endswith(".gz") else open(args.pairs) as handle:
    pairs = [json.loads(line) for line in handle if line.strip()]
if args.limit:
    random.shuffle(pairs)
    pairs = [p for p in pairs if p["source"] != "citance-held"][: args.limit] + [p for p in pairs if p["source"] == "citance-held"][: args.limit // 4]
log["pairs"] = {source: sum(1 for pair in pairs if pair["source"] == source) for source in sorted({p["source"] for p in pairs})}
probe = [f"query: {pair['query']}" for pair in pairs[:8]] + [f"passage: {pair['passage']}" for pair in pairs[:8]]
probe_ids, probe_mask = encode(probe, 128)
bert.to(device).eval()
with torch.no_grad():
    before = pooled(bert, probe_ids, probe_mask).cpu().numpy()
reference = onnx_pooled(os.path.join(args.model_dir, "model.onnx"), probe_ids, probe_mask)
log["dequantised_vs_onnx_cosine"] = float((before * reference).sum(1).mean())
log["onnxruntime_providers"] = ort.get_available_providers()
save_log()
assert log["dequantised_vs_onnx_cosine"] >= 0.99, log

# 2. Train: both directions of InfoNCE over the batch, for each configuration; the one whose
# held-out citing sentences find their dataset best among all catalog passages is kept.
training = [pair for pair in pairs if pair["source"] != "citance-held"]
held = [pair for pair in pairs if pair["source"] == "citance-held"]
with gzip.open(args.passages, "rt") as handle:
    catalog = [json.loads(line) for line in handle if line.strip()]
if args.limit:
    wanted = {pair["datasetId"] for pair in held}
    catalog = [entry for index, entry in enumerate(catalog) if index < 300 or entry["datasetId"] in wanted]
start_state = {name: value.detach().clone() for name, value in bert.state_dict().items()}


def embed(texts, max_length, prefix):
    """Vectors in the texts' order, embedded in batches of similar length."""
    order = sorted(range(len(texts)), key=lambda index: len(texts[index]))
    vectors = [None] * len(texts)
    with torch.no_grad(), torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=device == "cuda"):
        for start in range(0, len(order), 128):
            chosen = order[start:start + 128]
            ids, mask = encode([prefix + texts[index] for index in chosen], max_length)
            for index, vector in zip(chosen, pooled(bert, ids, mask)):
                vectors[index] = vector
    return torch.stack(vectors)


def validate():
    """MRR@10 and R@10 of the held-out citing sentences against every catalog passage."""
    bert.eval()
    if device == "cuda":
        torch.cuda.synchronize()
    clock = time.time()
    passages = embed([entry["passage"] for entry in catalog], args.passage_tokens, "passage: ")
    if device == "cuda":
        torch.cuda.synchronize()
    log["passages_per_second"] = round(len(catalog) / (time.time() - clock), 1)
    queries = embed([pair["query"] for pair in held], 64, "query: ")
    position = {entry["datasetId"]: index for index, entry in enumerate(catalog)}
    top = (queries @ passages.T).topk(10, dim=1).indices.cpu().numpy()
    reciprocal, found = 0.0, 0
    for row, pair in zip(top, held):
        hits = np.nonzero(row == position[pair["datasetId"]])[0]
        if len(hits):
            reciprocal += 1 / (hits[0] + 1)
            found += 1
    return {"mrr@10": round(100 * reciprocal / len(held), 2), "r@10": round(100 * found / len(held), 2)}


def epoch_batches():
    order = training[:]
    random.shuffle(order)
    batches, current, seen = [], [], set()
    waiting = []
    for pair in order:
        if pair["datasetId"] in seen:
            waiting.append(pair)
            continue
        current.append(pair)
        seen.add(pair["datasetId"])
        if len(current) == args.batch:
            batches.append(current)
            current, seen = [], set()
            retry, waiting = waiting, []
            for waiting_pair in retry:
                if waiting_pair["datasetId"] in seen or len(current) == args.batch:
                    waiting.append(waiting_pair)
                else:
                    current.append(waiting_pair)
                    seen.add(waiting_pair["datasetId"])
    if len(current) > 1:
        batches.append(current)
    return batches


def train(epochs, learning_rate):
    bert.load_state_dict(start_state)
    batches_per_epoch = len(epoch_batches())
    steps = batches_per_epoch * epochs
    frozen = [bert.embeddings] + list(bert.encoder.layer[: args.freeze_layers]) if args.freeze_layers else []
    for module in frozen:
        for parameter in module.parameters():
            parameter.requires_grad_(False)
    trained = [parameter for parameter in bert.parameters() if parameter.requires_grad]
    optimizer = torch.optim.AdamW(trained, lr=learning_rate, weight_decay=0.01)
    warmup = max(1, steps // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min(1.0, (step + 1) / warmup) * max(0.0, (steps - step) / max(1, steps - warmup)))
    losses = []
    for _ in range(epochs):
        bert.train()
        for batch in epoch_batches():
            q_ids, q_mask = encode([f"query: {pair['query']}" for pair in batch], 64)
            p_ids, p_mask = encode([f"passage: {pair['passage']}" for pair in batch], args.passage_tokens)
            with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=device == "cuda"):
                queries = pooled(bert, q_ids, q_mask)
                passages = pooled(bert, p_ids, p_mask)
            scores = args.scale * queries @ passages.T
            labels = torch.arange(len(batch), device=device)
            loss = (torch.nn.functional.cross_entropy(scores, labels)
                    + torch.nn.functional.cross_entropy(scores.T, labels)) / 2
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(trained, 1.0)
            optimizer.step()
            schedule.step()
            losses.append(float(loss.detach()))
            if len(losses) % 10 == 0:
                log["progress"] = f"step {len(losses)} of {steps}, loss {np.mean(losses[-10:]):.4f}"
                save_log()
    return {"steps": len(losses), "first_loss": round(losses[0], 4), "last_epoch_loss": round(float(np.mean(losses[-batches_per_epoch:])), 4)}


if not args.skip_start_validation:
    log["validation_start"] = validate()
    save_log()
best = None
for configuration in args.configs.split(","):
    epochs, learning_rate = configuration.split(":")
    result = train(int(epochs), float(learning_rate))
    result.update(validate())
    log[f"config {configuration}"] = result
    save_log()
    if best is None or result["mrr@10"] > best[1]["mrr@10"]:
        best = (configuration, result, {name: value.detach().clone() for name, value in bert.state_dict().items()})
log["chosen"] = best[0]
bert.load_state_dict(best[2])
bert.eval()

# 3. Export, quantise, check.
bert.to("cpu")
device = "cpu"
fp32_path = os.path.join(args.out, "model-fp32.onnx")
int8_path = os.path.join(args.out, "model.onnx")
# A shape unlike the probe's, with padding in its second row: the exported graph must keep the
# attention mask (a trace over an all-ones mask drops it) and dynamic shapes, which the checks
# below prove on the probe.
sample_ids = torch.from_numpy(probe_ids[:2, :9].copy())
sample_mask = torch.ones_like(sample_ids)
sample_mask[1, 5:] = 0
export_options = dict(
    input_names=["input_ids", "attention_mask", "token_type_ids"],
    output_names=["last_hidden_state"],
    dynamic_axes={name: {0: "batch", 1: "sequence"} for name in ["input_ids", "attention_mask", "token_type_ids", "last_hidden_state"]},
    opset_version=17,
)


class Wrapped(torch.nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, input_ids, attention_mask, token_type_ids):
        return self.inner(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state


inputs = (sample_ids, sample_mask, torch.zeros_like(sample_ids))
try:
    torch.onnx.export(Wrapped(bert).eval(), inputs, fp32_path, dynamo=False, **export_options)
    log["exporter"] = "torchscript"
except Exception as error:  # the legacy exporter may be gone from this torch
    log["legacy_export_error"] = str(error)[:300]
    torch.onnx.export(Wrapped(bert).eval(), inputs, fp32_path, dynamo=True, external_data=False, **export_options)
    log["exporter"] = "dynamo"
from onnxruntime.quantization import QuantType, quantize_dynamic

quantize_dynamic(fp32_path, int8_path, weight_type=QuantType.QInt8, per_channel=True)
bert.eval()  # the exporter puts back the mode the wrapper had
with torch.no_grad():
    after = pooled(bert, probe_ids, probe_mask).numpy()
log["quantised_vs_torch_cosine"] = float((after * onnx_pooled(int8_path, probe_ids, probe_mask)).sum(1).mean())
log["fp32_vs_torch_cosine"] = float((after * onnx_pooled(fp32_path, probe_ids, probe_mask)).sum(1).mean())
log["moved_from_start_cosine"] = float((after * before).sum(1).mean())

# 4. The similarity floor: a request against an unrelated dataset's text, on catalog pairs.
titles = [pair for pair in pairs if pair["source"] in ("title", "sentence")] or pairs[:]
random.shuffle(titles)
titles = titles[:400]
queries_ids, queries_mask = encode([f"query: {pair['query']}" for pair in titles], 64)
passages_ids, passages_mask = encode([f"passage: {pair['passage']}" for pair in titles[1:] + titles[:1]], 192)
floor_q = onnx_pooled(int8_path, queries_ids, queries_mask)
floor_p = onnx_pooled(int8_path, passages_ids, passages_mask)
log["similarity_floor"] = round(float((floor_q * floor_p).sum(1).mean()), 3)
if not args.keep_fp32:
    os.remove(fp32_path)
with open(int8_path, "rb") as handle:
    data = handle.read()
log["model_bytes"] = len(data)
part_size = 15 * 1024 * 1024
for index in range(0, len(data), part_size):
    with open(os.path.join(args.out, f"model.onnx.part-{index // part_size:02d}"), "wb") as handle:
        handle.write(data[index:index + part_size])
os.remove(int8_path)
save_log()
print(json.dumps(log))
