# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Seq2SeqConfig:
    vocab_size = 20
    d_model = 16
    bos_token_id = 1
    eos_token_id = 2
    pad_token_id = 0
    max_length = 8


class GRUSeq2Seq(nn.Module):
    def __init__(self, config=Seq2SeqConfig()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.d_model, padding_idx=config.pad_token_id)
        self.encoder = nn.Sequential(nn.Conv1d(config.d_model, config.d_model, 3, padding=1), nn.Tanh())
        self.decoder = nn.GRUCell(config.d_model, config.d_model)
        self.lm_head = nn.Linear(config.d_model, config.vocab_size)

    @torch.no_grad()
    def generate(self, src):
        cfg = self.config
        h = self.encoder(self.embed(src).transpose(1, 2)).mean(dim=-1)
        batch_size = src.size(0)
        cur = torch.full((batch_size,), cfg.bos_token_id, dtype=torch.long, device=src.device)
        unfinished = torch.ones(batch_size, dtype=torch.long, device=src.device)
        generated = [cur]
        for _ in range(cfg.max_length - 1):
            h = self.decoder(self.embed(cur), h)
            next_tokens = torch.argmax(F.log_softmax(self.lm_head(h), dim=-1), dim=-1)
            # finished sentences keep emitting padding
            next_tokens = next_tokens * unfinished + cfg.pad_token_id * (1 - unfinished)
            generated.append(next_tokens)
            unfinished = unfinished.mul((next_tokens != cfg.eos_token_id).long())
            cur = next_tokens
            if unfinished.max() == 0:
                break
        return torch.stack(generated, dim=1)

    def forward(self, src):
        return self.generate(src)


Model = GRUSeq2Seq


def inputs():
    torch.manual_seed(4724)
    return [(torch.randint(3, 20, (2, 5)),), (torch.randint(3, 20, (4, 7)),), (torch.randint(3, 20, (1, 3)),)]
