import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { defineMutation } from './sync';
import { CLASS_PASTE_MAX, REAL_NAME_MAX } from './core/values';
import { usernameSchema } from './accounts';
import { CLASS_MESSAGES, createClassRequestSchema } from './classes';
import { nameField } from './names';

/**
 * Classes through the outbox (issue 19; docs/decisions.md, "Class writes through the outbox,
 * issue 19"): making a class and adding students are the mutations createClass and
 * addClassStudents, applied once, by the services of POST /api/classes and
 * POST /api/classes/{id}/students.
 */

export const CLASS_OUTBOX_MESSAGES = {
  password: ERROR_TEXTS.ERR_CLASS_PASSWORD,
  oneClass: 'Name the class by its number or by its key, not both',
  keyTaken: ERROR_TEXTS.ERR_CLASS_KEY_TAKEN,
} as const;

const id = z.number().int().positive().max(2_147_483_647);
/** The key a device gives a class it makes, so its later mutations can name it before it has a number. */
export const classKeySchema = z.uuid();

/** The createClass mutation: the route's fields and the device's key for the new class. */
export const createClassArgsSchema = createClassRequestSchema.extend({ classKey: classKeySchema });
export type CreateClassArgs = z.input<typeof createClassArgsSchema>;

/** One account to make: the real name, the username the device proposes and the password it generated. */
export const newClassStudentSchema = z.strictObject({
  realName: nameField(CLASS_MESSAGES.nameLength, REAL_NAME_MAX),
  username: usernameSchema,
  /** Two words and two digits (domain/classes.ts isGeneratedPassword), checked by the server's mutator before any hash. */
  password: z.string().max(60, { error: CLASS_OUTBOX_MESSAGES.password }),
});
export type NewClassStudent = z.infer<typeof newClassStudentSchema>;

/**
 * The addClassStudents mutation: the class by its number or (made on this device and maybe not
 * sent yet) by its key. The server takes the next free username when a proposal is taken.
 */
export const addClassStudentsArgsSchema = z
  .strictObject({
    classId: id.optional(),
    classKey: classKeySchema.optional(),
    students: z.array(newClassStudentSchema, { error: CLASS_MESSAGES.names }).min(1, { error: CLASS_MESSAGES.names }).max(CLASS_PASTE_MAX, { error: CLASS_MESSAGES.names }),
  })
  .refine((args) => (args.classId === undefined) !== (args.classKey === undefined), { error: CLASS_OUTBOX_MESSAGES.oneClass });
export type AddClassStudentsArgs = z.infer<typeof addClassStudentsArgsSchema>;

export const CLASS_OUTBOX_MUTATIONS = [defineMutation('createClass', createClassArgsSchema), defineMutation('addClassStudents', addClassStudentsArgsSchema)] as const;
