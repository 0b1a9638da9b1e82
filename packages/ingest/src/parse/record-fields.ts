/**
 * @module RecordFields: typed reads of the fields of one untrusted JSON record, each failing with
 * an `invalid_input` AppError that names the record and the field.
 */

import type { AppError } from '@quarry/core';
import { invalidInputError } from './parse-result.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Describes a value's JSON type for error messages ("a number", "an array", "null"). */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/**
 * Reads fields of one record and remembers which it read, so the rest can be kept verbatim in
 * `extra`. "Missing" means absent or null; empty strings count as missing where a value is required.
 */
export class RecordFields {
  readonly record: Record<string, unknown>;
  private readonly where: string;
  private readonly formatName: string;
  /** Path of this object inside the record, e.g. `paper.` for the fields of `paper`. */
  private readonly fieldPrefix: string;
  private readonly consumedFields = new Set<string>();

  constructor(options: {
    value: unknown;
    where: string;
    formatName: string;
    fieldPrefix?: string;
  }) {
    this.where = options.where;
    this.formatName = options.formatName;
    this.fieldPrefix = options.fieldPrefix ?? '';
    if (!isPlainObject(options.value)) {
      const what = this.fieldPrefix
        ? `field "${this.fieldPrefix.slice(0, -1)}"`
        : `a ${options.formatName} record`;
      throw invalidInputError({
        where: options.where,
        message: `expected a JSON object for ${what} but found ${describeJsonType(options.value)}`,
        fix: `Write each ${options.formatName} record as a JSON object, or remove this one.`,
      });
    }
    this.record = options.value;
  }

  /** Marks fields as used without reading them (they are mapped elsewhere or deliberately dropped). */
  consume(...fieldNames: string[]): void {
    for (const fieldName of fieldNames) this.consumedFields.add(fieldName);
  }

  private read(fieldName: string): unknown {
    this.consumedFields.add(fieldName);
    return this.record[fieldName];
  }

  invalidField(fieldName: string, problem: string, expected: string): AppError {
    const fieldPath = `${this.fieldPrefix}${fieldName}`;
    return invalidInputError({
      where: this.where,
      message: `field "${fieldPath}" ${problem}`,
      fix: `Give "${fieldPath}" ${expected} in this ${this.formatName} record, or remove the record.`,
    });
  }

  /** A string that must be present and not blank; returned trimmed. */
  requiredString(fieldName: string): string {
    const value = this.read(fieldName);
    if (value === undefined || value === null) {
      throw this.invalidField(fieldName, 'is missing', 'a non-empty string');
    }
    if (typeof value !== 'string') {
      throw this.invalidField(
        fieldName,
        `must be a string but is ${describeJsonType(value)}`,
        'a non-empty string',
      );
    }
    if (value.trim().length === 0)
      throw this.invalidField(fieldName, 'is empty', 'a non-empty string');
    return value.trim();
  }

  /** A string that must be present but may be empty; returned as is. */
  presentString(fieldName: string): string {
    const value = this.read(fieldName);
    if (value === undefined || value === null)
      throw this.invalidField(fieldName, 'is missing', 'a string');
    if (typeof value !== 'string') {
      throw this.invalidField(
        fieldName,
        `must be a string but is ${describeJsonType(value)}`,
        'a string',
      );
    }
    return value;
  }

  /** A string or nothing; blank strings become null. */
  optionalString(fieldName: string): string | null {
    const value = this.read(fieldName);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      throw this.invalidField(
        fieldName,
        `must be a string or null but is ${describeJsonType(value)}`,
        'a string or null',
      );
    }
    const trimmed = value.trim();
    return trimmed.length > 0 ? trimmed : null;
  }

  /** A whole number or nothing; numeric strings such as "2017" are accepted. */
  optionalInteger(fieldName: string): number | null {
    const value = this.read(fieldName);
    if (value === undefined || value === null || value === '') return null;
    const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number)) {
      throw this.invalidField(
        fieldName,
        `must be a whole number or null but is ${describeJsonType(value)}`,
        'a whole number or null',
      );
    }
    return number;
  }

  /** A list of strings (blank entries dropped); missing means empty. */
  stringList(fieldName: string): string[] {
    const value = this.read(fieldName);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      throw this.invalidField(
        fieldName,
        `must be a list of strings but is ${describeJsonType(value)}`,
        'a list of strings',
      );
    }
    return value
      .map((item, position) => {
        if (typeof item !== 'string') {
          throw this.invalidField(
            `${fieldName}[${position}]`,
            `must be a string but is ${describeJsonType(item)}`,
            'a list of strings',
          );
        }
        return item.trim();
      })
      .filter((item) => item.length > 0);
  }

  /** An object or nothing. */
  optionalObject(fieldName: string): RecordFields | null {
    const value = this.read(fieldName);
    if (value === undefined || value === null) return null;
    if (!isPlainObject(value)) {
      throw this.invalidField(
        fieldName,
        `must be an object or null but is ${describeJsonType(value)}`,
        'an object or null',
      );
    }
    return new RecordFields({
      value,
      where: this.where,
      formatName: this.formatName,
      fieldPrefix: `${this.fieldPrefix}${fieldName}.`,
    });
  }

  /** A field read as raw JSON, for callers with their own checks. */
  raw(fieldName: string): unknown {
    return this.read(fieldName);
  }

  /** The fields nobody read, kept verbatim (null values are dropped: they carry no information). */
  unreadFields(): Record<string, unknown> {
    const unread: Record<string, unknown> = {};
    for (const [fieldName, value] of Object.entries(this.record)) {
      if (!this.consumedFields.has(fieldName) && value !== null && value !== undefined)
        unread[fieldName] = value;
    }
    return unread;
  }
}
