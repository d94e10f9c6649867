/// The OpenAPI 3.1 document of the server (`/api/openapi.json`), written by hand: every route of
/// SPEC §12 that the server answers, its parameters and the shape of its body.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "orders serve",
            "version": "0.1.0",
            "description": "The order ledger, read-only (GET, HEAD). A body is what the command prints with --format json."
          },
          "paths": {
            "/api/orders": {
              "get": {
                "summary": "orders list",
                "parameters": [
                  {
                    "name": "status",
                    "in": "query",
                    "required": false,
                    "description": "Only orders in this status.",
                    "schema": {
                      "enum": [
                        "placed",
                        "partially_paid",
                        "paid",
                        "shipped",
                        "delivered",
                        "cancelled"
                      ]
                    }
                  },
                  {
                    "name": "customer",
                    "in": "query",
                    "required": false,
                    "description": "Only this customer's orders.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "At most this many orders (0: all); default 100.",
                    "schema": {
                      "type": "integer",
                      "minimum": 0
                    }
                  },
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/OrderSummary"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/orders/{id}": {
              "get": {
                "summary": "orders show ID",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The order id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OrderDetail"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/customers": {
              "get": {
                "summary": "orders customers",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Customer"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/revenue": {
              "get": {
                "summary": "orders revenue",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "The first date, inclusive (YYYY-MM-DD).",
                    "schema": {
                      "type": "string",
                      "format": "date"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "The last date, inclusive (YYYY-MM-DD).",
                    "schema": {
                      "type": "string",
                      "format": "date"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/RevenueRow"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/skus": {
              "get": {
                "summary": "orders skus",
                "parameters": [
                  {
                    "name": "top",
                    "in": "query",
                    "required": false,
                    "description": "Only the N skus with the most units ordered and not cancelled (0: all, ranked).",
                    "schema": {
                      "type": "integer",
                      "minimum": 0
                    }
                  },
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/SKU"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/stats": {
              "get": {
                "summary": "orders stats",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stats"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/orders/{id}/blame": {
              "get": {
                "summary": "orders blame ID",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The order id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/as_of"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/BlameEntry"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/batches": {
              "get": {
                "summary": "orders batches",
                "parameters": [],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Batch"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/diff": {
              "get": {
                "summary": "orders diff --from A [--to B]",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": true,
                    "description": "Start after this seq or RFC 3339 time, as --from.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "End at this seq or time, of the same kind as from (default: the log's head), as --to.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Diff"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter or range, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/events": {
              "get": {
                "summary": "orders events",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "Start at this seq.",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "Stop after this seq.",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  },
                  {
                    "name": "order",
                    "in": "query",
                    "required": false,
                    "description": "Only this order's events.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "At most this many events (0: all, the default).",
                    "schema": {
                      "type": "integer",
                      "minimum": 0
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Event"
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/events/stream": {
              "get": {
                "summary": "orders events --follow",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "Start at this seq.",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "text/event-stream": {
                        "schema": {
                          "type": "string",
                          "description": "Server-sent events: one Event object per data: line."
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/openapi.json": {
              "get": {
                "summary": "This document.",
                "parameters": [],
                "responses": {
                  "200": {
                    "description": "What the command prints with --format json.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A bad parameter, in the command line's words.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "No store, or a damaged one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/": {
              "get": {
                "summary": "The dashboard: revenue, orders by status, best-selling skus, a search by order id.",
                "parameters": [
                  {
                    "name": "order",
                    "in": "query",
                    "required": false,
                    "description": "An order id to look up (the search form).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "An HTML page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/orders/{id}": {
              "get": {
                "summary": "One order: totals, lines and timeline.",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The order id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "An HTML page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such order (an HTML page).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "parameters": {
              "as_of": {
                "name": "as_of",
                "in": "query",
                "required": false,
                "description": "Answer as of a past moment: a seq or an RFC 3339 time, as --as-of.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "schemas": {
              "Error": {
                "type": "object",
                "required": [
                  "error"
                ],
                "properties": {
                  "error": {
                    "type": "string"
                  }
                }
              },
              "OrderSummary": {
                "type": "object",
                "properties": {
                  "order_id": {
                    "type": "string"
                  },
                  "customer_id": {
                    "type": "string"
                  },
                  "status": {
                    "type": "string"
                  },
                  "currency": {
                    "type": "string"
                  },
                  "total": {
                    "type": "integer"
                  },
                  "paid": {
                    "type": "integer"
                  },
                  "refunded": {
                    "type": "integer"
                  },
                  "line_count": {
                    "type": "integer"
                  },
                  "item_count": {
                    "type": "integer"
                  },
                  "placed_at": {
                    "type": "string",
                    "description": "UTC, e.g. 2026-03-01T10:15:00.000Z"
                  },
                  "updated_at": {
                    "type": "string",
                    "description": "UTC, e.g. 2026-03-01T10:15:00.000Z"
                  },
                  "version": {
                    "type": "integer"
                  }
                }
              },
              "OrderDetail": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/OrderSummary"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "lines": {
                        "type": "array",
                        "items": {
                          "type": "object",
                          "properties": {
                            "sku": {
                              "type": "string"
                            },
                            "qty": {
                              "type": "integer"
                            },
                            "unit_price": {
                              "type": "integer"
                            }
                          }
                        }
                      },
                      "history": {
                        "type": "array",
                        "items": {
                          "type": "object",
                          "properties": {
                            "seq": {
                              "type": "integer"
                            },
                            "version": {
                              "type": "integer"
                            },
                            "type": {
                              "type": "string"
                            },
                            "at": {
                              "type": "string",
                              "description": "UTC, e.g. 2026-03-01T10:15:00.000Z"
                            },
                            "amount": {
                              "type": "integer"
                            },
                            "refund": {
                              "type": "integer"
                            },
                            "carrier": {
                              "type": "string"
                            },
                            "reason": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "seq",
                            "version",
                            "type",
                            "at"
                          ]
                        }
                      }
                    }
                  }
                ]
              },
              "Customer": {
                "type": "object",
                "properties": {
                  "customer_id": {
                    "type": "string"
                  },
                  "orders": {
                    "type": "integer"
                  },
                  "open_orders": {
                    "type": "integer"
                  },
                  "cancelled": {
                    "type": "integer"
                  },
                  "net": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "integer"
                    },
                    "description": "Minor units per currency."
                  }
                }
              },
              "RevenueRow": {
                "type": "object",
                "properties": {
                  "date": {
                    "type": "string",
                    "format": "date"
                  },
                  "currency": {
                    "type": "string"
                  },
                  "orders_placed": {
                    "type": "integer"
                  },
                  "orders_cancelled": {
                    "type": "integer"
                  },
                  "gross": {
                    "type": "integer"
                  },
                  "captured": {
                    "type": "integer"
                  },
                  "refunded": {
                    "type": "integer"
                  },
                  "net": {
                    "type": "integer"
                  }
                }
              },
              "SKU": {
                "type": "object",
                "properties": {
                  "sku": {
                    "type": "string"
                  },
                  "units_ordered": {
                    "type": "integer"
                  },
                  "units_cancelled": {
                    "type": "integer"
                  },
                  "revenue": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "integer"
                    },
                    "description": "Minor units per currency."
                  }
                }
              },
              "Stats": {
                "type": "object",
                "properties": {
                  "events": {
                    "type": "integer"
                  },
                  "orders": {
                    "type": "integer"
                  },
                  "customers": {
                    "type": "integer"
                  },
                  "skus": {
                    "type": "integer"
                  },
                  "head_seq": {
                    "type": "integer"
                  },
                  "by_status": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "integer"
                    }
                  },
                  "checkpoints": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "integer"
                    }
                  }
                }
              },
              "Batch": {
                "type": "object",
                "required": [
                  "batch",
                  "format",
                  "records",
                  "accepted",
                  "rejected",
                  "duplicates",
                  "first_seq",
                  "last_seq",
                  "finished"
                ],
                "properties": {
                  "batch": {
                    "type": "string",
                    "description": "SHA-256 of the batch's bytes, hex."
                  },
                  "file": {
                    "type": "string"
                  },
                  "format": {
                    "type": "string"
                  },
                  "records": {
                    "type": "integer"
                  },
                  "accepted": {
                    "type": "integer"
                  },
                  "rejected": {
                    "type": "integer"
                  },
                  "duplicates": {
                    "type": "integer"
                  },
                  "first_seq": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "last_seq": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "finished": {
                    "type": "boolean"
                  },
                  "imported_at": {
                    "type": "string"
                  },
                  "continued_after_line": {
                    "type": "integer"
                  }
                }
              },
              "BlameEntry": {
                "type": "object",
                "required": [
                  "seq",
                  "version",
                  "type",
                  "at"
                ],
                "properties": {
                  "seq": {
                    "type": "integer"
                  },
                  "version": {
                    "type": "integer"
                  },
                  "type": {
                    "type": "string"
                  },
                  "at": {
                    "type": "string"
                  },
                  "file": {
                    "type": "string"
                  },
                  "line": {
                    "type": "integer"
                  },
                  "batch": {
                    "type": "string"
                  },
                  "command_id": {
                    "type": "string"
                  }
                }
              },
              "Diff": {
                "type": "object",
                "required": [
                  "from",
                  "to",
                  "events",
                  "by_type",
                  "money",
                  "orders"
                ],
                "properties": {
                  "from": {
                    "type": "object",
                    "description": "{\"seq\": N} or {\"at\": \"<time>\"}.",
                    "properties": {
                      "seq": {
                        "type": "integer"
                      },
                      "at": {
                        "type": "string"
                      }
                    }
                  },
                  "to": {
                    "type": "object",
                    "description": "{\"seq\": N} or {\"at\": \"<time>\"}.",
                    "properties": {
                      "seq": {
                        "type": "integer"
                      },
                      "at": {
                        "type": "string"
                      }
                    }
                  },
                  "events": {
                    "type": "integer"
                  },
                  "by_type": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "integer"
                    }
                  },
                  "money": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "object",
                      "properties": {
                        "gross": {
                          "type": "integer"
                        },
                        "captured": {
                          "type": "integer"
                        },
                        "refunded": {
                          "type": "integer"
                        },
                        "net": {
                          "type": "integer"
                        }
                      }
                    },
                    "description": "Minor units per currency."
                  },
                  "orders": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "order_id",
                        "status_after",
                        "events",
                        "paid",
                        "refunded"
                      ],
                      "properties": {
                        "order_id": {
                          "type": "string"
                        },
                        "status_before": {
                          "type": "string"
                        },
                        "status_after": {
                          "type": "string"
                        },
                        "events": {
                          "type": "integer"
                        },
                        "paid": {
                          "type": "integer"
                        },
                        "refunded": {
                          "type": "integer"
                        }
                      }
                    }
                  }
                }
              },
              "Event": {
                "type": "object",
                "required": [
                  "seq",
                  "order_id",
                  "version",
                  "type",
                  "at"
                ],
                "properties": {
                  "seq": {
                    "type": "integer"
                  },
                  "order_id": {
                    "type": "string"
                  },
                  "version": {
                    "type": "integer"
                  },
                  "type": {
                    "type": "string"
                  },
                  "at": {
                    "type": "string",
                    "description": "UTC, e.g. 2026-03-01T10:15:00.000Z"
                  },
                  "customer_id": {
                    "type": "string"
                  },
                  "currency": {
                    "type": "string"
                  },
                  "total": {
                    "type": "integer"
                  },
                  "lines": {
                    "type": "array",
                    "items": {
                      "type": "object"
                    }
                  },
                  "amount": {
                    "type": "integer"
                  },
                  "refund": {
                    "type": "integer"
                  },
                  "carrier": {
                    "type": "string"
                  },
                  "reason": {
                    "type": "string"
                  }
                }
              }
            },
            "securitySchemes": {
              "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "Needed when the server listens on an address other than loopback (--token-file)."
              }
            }
          },
          "security": [
            {},
            {
              "bearer": []
            }
          ]
        }
        """# + "\n"
}
