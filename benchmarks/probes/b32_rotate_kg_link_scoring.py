import math

import torch
import torch.nn as nn


class KGEModel(nn.Module):
    score_fns = {}

    @classmethod
    def register(cls, name):
        def wrap(fn):
            cls.score_fns[name] = fn
            return fn
        return wrap

    def __init__(self, n_entities=25, n_relations=5, hidden_dim=6, gamma=12.0, epsilon=2.0, model_name="RotatE"):
        super().__init__()
        self.gamma = nn.Parameter(torch.tensor([gamma]), requires_grad=False)
        self.embedding_range = nn.Parameter(torch.tensor([(gamma + epsilon) / hidden_dim]), requires_grad=False)
        self.entity_embedding = nn.Parameter(torch.empty(n_entities, 2 * hidden_dim).uniform_(-self.embedding_range.item(), self.embedding_range.item()))
        self.relation_embedding = nn.Parameter(torch.empty(n_relations, hidden_dim).uniform_(-self.embedding_range.item(), self.embedding_range.item()))
        self.score = self.score_fns[model_name].__get__(self)

    def forward(self, positive, negative_tails):
        head = self.entity_embedding.index_select(0, positive[:, 0]).unsqueeze(1)
        relation = self.relation_embedding.index_select(0, positive[:, 1]).unsqueeze(1)
        tail = self.entity_embedding.index_select(0, negative_tails.view(-1)).view(*negative_tails.shape, -1)
        return self.score(head, relation, tail)


@KGEModel.register("RotatE")
def rotate_score(self, head, relation, tail):
    re_head, im_head = torch.chunk(head, 2, dim=2)
    re_tail, im_tail = torch.chunk(tail, 2, dim=2)
    phase_relation = relation / (self.embedding_range / math.pi)
    re_relation, im_relation = torch.cos(phase_relation), torch.sin(phase_relation)
    re_score = re_head * re_relation - im_head * im_relation - re_tail
    im_score = re_head * im_relation + im_head * re_relation - im_tail
    score = torch.stack([re_score, im_score], dim=0).norm(dim=0)
    return self.gamma - score.sum(dim=2)


Model = KGEModel


def inputs():
    torch.manual_seed(3230)
    pos = lambda b: torch.stack([torch.randint(0, 25, (b,)), torch.randint(0, 5, (b,)), torch.randint(0, 25, (b,))], 1)
    return [(pos(3), torch.randint(0, 25, (3, 4))), (pos(5), torch.randint(0, 25, (5, 8)))]
